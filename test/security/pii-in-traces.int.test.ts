import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { json, named, spansOf } from '../observability/support/span-queries.ts';
import {
  OPERATOR,
  planOf,
  startTracedStack,
  type TracedStack,
} from '../observability/support/traced-stack.ts';
import { LF } from '../support/otlp-capture.ts';

/** The new contact details the operator types, and Priya Patel's current ones (demo fixture, BK-1048). */
const NEW_EMAIL = 'priya.patel@newmail.com';
const NEW_PHONE = '0412 345 678';
/** Issue 30: what the booking holds once changed (E.164). */
const NEW_PHONE_E164 = '+61412345678';
const OLD_EMAIL = 'priya.patel@example.com';
const OLD_PHONE = '+61 403 552 781';
/** Every way the values could leak: as typed, stored (E.164), shown (national format), and their digit runs. */
const UNMASKED = [
  NEW_EMAIL,
  NEW_PHONE,
  NEW_PHONE_E164,
  '61412345678',
  '0412345678',
  '412 345 678',
  OLD_EMAIL,
  OLD_PHONE,
  '0403 552 781',
  '403 552 781',
];

let traced: TracedStack;
beforeAll(async () => {
  traced = await startTracedStack();
});
afterAll(async () => {
  await traced.stop();
});

/** Issue 7 "PII test" (000 Privacy/PII: guest contact details are passed through, not stored). */
describe('guest contact details in traces and at rest', () => {
  it('never exports a contact update’s email or phone unmasked, and masks them in the terminal plan item', async () => {
    // Prepare
    const session = 'pii-contact';
    const message = `Update Priya Patel's email to ${NEW_EMAIL} and phone to ${NEW_PHONE}`;
    // Act
    const proposed = planOf(await traced.request(session, message));
    await traced.client.confirm(proposed.plan_id, OPERATOR);
    const done = await traced.settled(proposed.plan_id);
    // Assess: the change really went through with the real values
    expect(done.status).toBe('completed');
    const booking = traced.stack.sandbox.admin.bookingByReference('BK-1048');
    expect([booking?.email, booking?.phone]).toEqual([NEW_EMAIL, NEW_PHONE_E164]);
    // Assess: spans (every exported byte) carry masked values only
    const exported = traced.langfuse.bodies().join('\n');
    for (const value of UNMASKED) expect(exported).not.toContain(value);
    const spans = spansOf(traced.langfuse, done.trace_id ?? '');
    const [update] = named(spans, 'tool:updateContactDetails');
    expect(json(update, LF.input)).toMatchObject({
      parameters: { email: 'p***@newmail.com', phone: '***78' },
    });
    // Assess: the plan item, as stored, once terminal
    const item = await traced.client.rawItem(done.plan_id);
    const stored = JSON.stringify(item);
    for (const value of UNMASKED) expect(stored).not.toContain(value);
    expect(item).toMatchObject({ pii_masked: true });
    expect(done.actions[0]?.parameters).toMatchObject({ email: 'p***@newmail.com', phone: '***78' });
    // Assess: the execution log (which held guest data while running) is gone
    const executions = await scan(traced.stack.config.EXECUTIONS_TABLE);
    expect(executions.filter((i) => i.plan_id === done.plan_id)).toEqual([]);
  });

  it('masks both the old and the new guest name in the terminal plan item (step line and summary included)', async () => {
    // Prepare
    const session = 'pii-name';
    // Act
    const proposed = planOf(await traced.request(session, 'Change the guest name on BK-1042 to Jane Doe'));
    await traced.client.confirm(proposed.plan_id, OPERATOR);
    const done = await traced.settled(proposed.plan_id);
    // Assess
    expect(done.status).toBe('completed');
    const stored = JSON.stringify(await traced.client.rawItem(done.plan_id));
    for (const name of ['Jane Doe', 'John Smith']) expect(stored).not.toContain(name);
    expect(done.actions[0]?.description).toContain('J*** S*** → J*** D***');
    const [update] = named(spansOf(traced.langfuse, done.trace_id ?? ''), 'tool:updateContactDetails');
    expect(json(update, LF.input)).toMatchObject({ parameters: { guest_name: 'J*** D***' } });
  });
});

async function scan(table: string): Promise<Array<Record<string, unknown>>> {
  const client = createDocumentClient(traced.stack.config);
  try {
    return (await client.send(new ScanCommand({ TableName: table }))).Items ?? [];
  } finally {
    client.destroy();
  }
}
