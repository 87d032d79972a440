/**
 * Money: one exact decimal type from the service's JSON numbers and the files we read, through the database's
 * numeric, to the pages and files (docs/money.md). Pure: safe in client components and tests.
 */
export * from './amount';
export * from './cents';
export * from './written';
