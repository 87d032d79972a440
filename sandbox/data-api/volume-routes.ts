/**
 * Admin routes for large and changing companies, beside the fault routes and with their conventions: JSON for tests
 * and scripts, the home page's urlencoded forms answered with a 303 back to the panel, cross-site POSTs refused.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { z } from 'zod';

import type { PageHandler } from '../broker-routes';
import { isForm, parseJson, sendJson } from '../http/io';
import type { Route } from '../http/router';
import { sameSitePost } from './admin-routes';
import type { DataApiControl } from './index';
import { type KindChanges, RECORD_KINDS } from './record-changes';
import {
  changeRequestSchema,
  DEFAULT_DRIFT_CHANGES,
  driftRequestSchema,
  sameForEveryKind,
  volumeRequestSchema,
  withoutNulls,
} from './volume-settings';

/** The forms' fields: empty ones are "not set", counts are numbers. */
function formFields(text: string): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (value.trim() === '') continue;
    out[key] = key === 'tenantId' || key === 'kind' ? value : Number(value);
  }
  return out;
}

/** The change form names one kind (or `all`) and three counts; JSON names counts per kind. */
function changeBody(fields: Record<string, string | number>): unknown {
  const { tenantId, kind, changed, created, deleted } = fields;
  const counts = { changed, created, deleted } as KindChanges;
  const kinds = RECORD_KINDS.filter((k) => kind === 'all' || kind === k);
  return { tenantId, ...Object.fromEntries(kinds.map((k) => [k, counts])) };
}

/** The drift form: seconds (empty stops it) and three counts for every kind (all empty: the default pace). */
function driftBody(fields: Record<string, string | number>): unknown {
  const { everySeconds, changed, created, deleted } = fields;
  const counts = { changed, created, deleted } as KindChanges;
  const given = Object.values(counts).some((value) => value !== undefined);
  return { everySeconds: everySeconds ?? null, ...(given ? { changes: sameForEveryKind(counts) } : {}) };
}

function backToPanel(res: ServerResponse): void {
  res.writeHead(303, { Location: '/#volumes', 'Cache-Control': 'no-store' });
  res.end();
}

/** A POST that reads JSON or the panel's form, checks it, acts, and answers JSON (or sends the browser back). */
function adminPost<S extends z.ZodType>(
  schema: S,
  fromForm: (fields: Record<string, string | number>) => unknown,
  expected: string,
  act: (value: z.output<S>) => unknown,
): PageHandler {
  return sameSitePost((req: IncomingMessage, res, text) => {
    const parsed = schema.safeParse(isForm(req) ? fromForm(formFields(text)) : parseJson(text));
    if (!parsed.success) {
      return sendJson(res, 400, {
        message: `expected JSON ${expected}`,
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      });
    }
    const answer = act(parsed.data);
    if (isForm(req)) return backToPanel(res);
    sendJson(res, 200, answer);
  });
}

export function volumeRoutes(control: DataApiControl): Route<PageHandler>[] {
  return [
    {
      method: 'GET',
      path: '/admin/data-api/volumes',
      handler: (_req, res) =>
        sendJson(res, 200, { volumes: control.volumes(), drift: control.drift() }, { 'Cache-Control': 'no-store' }),
    },
    {
      method: 'POST',
      path: '/admin/data-api/volume',
      handler: adminPost(
        volumeRequestSchema,
        (fields) => fields,
        '{ tenantId (or "*"), invoices?, expenses?, deliveryNotes?, payments?, catalogItems? } (none: the usual sizes)',
        ({ tenantId, ...volume }) => ({ tenantId, volume: control.setVolume(tenantId, withoutNulls(volume)) }),
      ),
    },
    {
      method: 'POST',
      path: '/admin/data-api/changes',
      handler: adminPost(
        changeRequestSchema,
        changeBody,
        '{ tenantId, invoices?|expenses?|deliveryNotes?: { changed?, created?, deleted? } }',
        ({ tenantId, ...spec }) => ({ tenantId, ...control.changeRecords(tenantId, spec) }),
      ),
    },
    {
      method: 'POST',
      path: '/admin/data-api/drift',
      handler: adminPost(
        driftRequestSchema,
        driftBody,
        '{ everySeconds: number | null, changes?: { invoices?|expenses?|deliveryNotes?: { changed?, created?, deleted? } } }',
        ({ everySeconds, changes }) => {
          const pace = changes ?? sameForEveryKind(DEFAULT_DRIFT_CHANGES);
          control.setDrift(everySeconds === null ? null : { everySeconds, changes: pace });
          return { drift: control.drift() };
        },
      ),
    },
  ];
}
