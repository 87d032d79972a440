import { attachmentContent } from '../../../sandbox/data/attachment-files';
import { dayOf, parseTimestamp } from '../../../sandbox/data/calendar';
import { type CompanyData, generateCompany } from '../../../sandbox/data/company-data';

/**
 * The sandbox's business data, generated here exactly as the sandbox generates it (same company, same day), so a test
 * can know what the service holds without asking its data API (which would spend the connection's rate limit).
 */
const companies = new Map<string, CompanyData>();

export function sandboxCompany(tenantId: string, today: string): CompanyData {
  const key = `${tenantId} ${today}`;
  let company = companies.get(key);
  if (!company) {
    const ms = parseTimestamp(today);
    if (ms === undefined) throw new Error(`not a day: ${today}`);
    companies.set(key, (company = generateCompany(tenantId, dayOf(ms))));
  }
  return company;
}

/** The bytes the sandbox serves for one attachment of one expense. */
export function sandboxAttachment(
  tenantId: string,
  today: string,
  expenseId: string,
  attachmentId: string,
): { bytes: Buffer; fileName: string; contentType: string } {
  const expense = sandboxCompany(tenantId, today).expenses.find((candidate) => candidate.record.id === expenseId);
  const spec = expense?.attachments.find((candidate) => candidate.id === attachmentId);
  if (!expense || !spec)
    throw new Error(`The sandbox has no attachment ${attachmentId} on expense ${expenseId} of ${tenantId}.`);
  return { bytes: attachmentContent(expense, spec), fileName: spec.fileName, contentType: spec.contentType };
}
