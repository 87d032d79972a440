import { attachmentContent } from '../data/attachment-files';
import type { AttachmentSpec, StoredExpense } from '../data/types';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { sendFile } from './files';
import { sendNotFound, sendValidationProblem } from './problems';
import type { ValidationErrors } from './query';
import { uuid } from './query';
import type { DataApiContext, DataApiHandler } from './types';

// Files are made on first request and kept with their document, so `size` and the bytes served always agree.
const contents = new WeakMap<StoredExpense, Map<string, Buffer>>();

function contentOf(expense: StoredExpense, spec: AttachmentSpec): Buffer {
  let files = contents.get(expense);
  if (!files) {
    files = new Map();
    contents.set(expense, files);
  }
  let bytes = files.get(spec.id);
  if (!bytes) files.set(spec.id, (bytes = attachmentContent(expense, spec)));
  return bytes;
}

/** Path checks shared by both endpoints: evidence is `expenses` (the only one the service has), ids are uuids. */
function findDocument(ctx: DataApiContext): StoredExpense | undefined {
  const errors: ValidationErrors = {};
  if ((ctx.params.evidence ?? '').toLowerCase() !== 'expenses') {
    errors.evidence = [`The value '${ctx.params.evidence}' is not valid for evidence; the only value is 'expenses'.`];
  }
  const documentId = uuid(ctx.params.documentId ?? '');
  if (documentId === undefined) errors.documentId = [`The value '${ctx.params.documentId}' is not valid.`];
  if (ctx.params.attachmentId !== undefined && uuid(ctx.params.attachmentId) === undefined) {
    errors.attachmentId = [`The value '${ctx.params.attachmentId}' is not valid.`];
  }
  if (Object.keys(errors).length > 0) {
    sendValidationProblem(ctx.res, errors);
    return undefined;
  }
  const expense = ctx.company().expenses.find((e) => e.record.id === documentId);
  if (!expense) sendNotFound(ctx.res, `No expense with id ${documentId}.`);
  return expense;
}

const list: DataApiHandler = (ctx) => {
  const expense = findDocument(ctx);
  if (!expense) return;
  sendJson(ctx.res, 200, {
    data: expense.attachments.map((spec) => ({
      id: spec.id,
      documentId: spec.documentId,
      fileName: spec.fileName,
      contentType: spec.contentType,
      size: contentOf(expense, spec).length,
      createdTimestamp: spec.createdTimestamp,
    })),
  });
};

const content: DataApiHandler = (ctx) => {
  const expense = findDocument(ctx);
  if (!expense) return;
  const attachmentId = uuid(ctx.params.attachmentId ?? '');
  const spec = expense.attachments.find((a) => a.id === attachmentId);
  if (!spec) return sendNotFound(ctx.res, `No attachment with id ${attachmentId} on this document.`);
  sendFile(ctx.res, contentOf(expense, spec), spec.contentType, spec.fileName, 'attachment');
};

export const attachmentRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/attachments/:evidence/:documentId', handler: list },
  { method: 'GET', path: '/api/attachments/:evidence/:documentId/:attachmentId/content', handler: content },
];
