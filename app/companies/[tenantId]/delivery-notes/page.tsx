import { companyListPage } from '../list-page';

/** The company's delivery notes, filtered and paged by the URL (GET /api/delivery-notes, one call per view). */
const deliveryNotes = companyListPage('deliveryNotes', (client, query) => client.deliveryNotes.list(query));

export const generateMetadata = deliveryNotes.generateMetadata;
export default deliveryNotes.Page;
