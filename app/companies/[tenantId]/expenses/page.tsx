import { companyListPage } from '../list-page';

/** The company's expenses, filtered and paged by the URL (GET /api/expenses, one call per view). */
const expenses = companyListPage('expenses', (client, query) => client.expenses.list(query));

export const generateMetadata = expenses.generateMetadata;
export default expenses.Page;
