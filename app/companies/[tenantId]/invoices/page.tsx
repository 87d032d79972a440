import { companyListPage } from '../list-page';

/** The company's invoices, filtered and paged by the URL (GET /api/invoices, one call per view). */
const invoices = companyListPage('invoices', (client, query) => client.invoices.list(query));

export const generateMetadata = invoices.generateMetadata;
export default invoices.Page;
