import type { SideEffects } from '../../../devkit/sandbox/sandbox-admin.ts';
import type { StateExpectation, StateProblem } from './state-expectation.ts';

/** Links / confirmations: each expected one issued once, none other (when the label lists them). */
export function sideEffectProblems(
  expect: Pick<StateExpectation, 'paymentLinks' | 'confirmations' | 'noPaymentLink'>,
  seen: SideEffects,
  createdIds: ReadonlyArray<string | undefined>,
): StateProblem[] {
  const problems: StateProblem[] = [];
  const idOf = (id: string) => {
    const at = /^@created:(\d+)$/.exec(id);
    return at ? (createdIds[Number(at[1])] ?? id) : id;
  };
  if (expect.noPaymentLink)
    for (const l of seen.paymentLinks)
      problems.push({
        kind: 'unexpected',
        detail: `payment link for ${l.bookingId} issued, though the operator refused one`,
        bookingId: l.bookingId,
        refusedLink: true,
      });
  else if (expect.paymentLinks) {
    const left = [...seen.paymentLinks];
    for (const want of expect.paymentLinks) {
      const id = idOf(want.bookingId);
      const i = left.findIndex(
        (l) => l.bookingId === id && (want.amount === undefined || l.amount === want.amount),
      );
      if (i >= 0) left.splice(i, 1);
      else {
        const other = left.findIndex((l) => l.bookingId === id);
        if (other < 0) problems.push({ kind: 'missing', detail: `no payment link for ${want.bookingId}` });
        else {
          const [l] = left.splice(other, 1);
          problems.push({
            kind: 'unexpected',
            detail: `payment link for ${id}: amount ${l?.amount}, expected ${want.amount}`,
            bookingId: id,
          });
        }
      }
    }
    for (const l of left)
      problems.push({
        kind: 'unexpected',
        detail: `payment link for ${l.bookingId} not expected`,
        bookingId: l.bookingId,
      });
  }
  if (expect.confirmations) {
    const left = [...seen.confirmations];
    for (const want of expect.confirmations) {
      const id = idOf(want.bookingId);
      const i = left.findIndex(
        (c) => c.bookingId === id && (want.channel === undefined || c.channel === want.channel),
      );
      if (i >= 0) left.splice(i, 1);
      else
        problems.push({
          kind: 'missing',
          detail: `no ${want.channel ?? ''} confirmation sent for ${want.bookingId}`.replace('  ', ' '),
        });
    }
    for (const c of left)
      problems.push({
        kind: 'unexpected',
        detail: `${c.channel} confirmation for ${c.bookingId} not expected`,
        bookingId: c.bookingId,
      });
  }
  for (const r of seen.refunds)
    problems.push({
      kind: 'unexpected',
      detail: `refund of ${r.refundedAmount} on ${r.bookingId}`,
      bookingId: r.bookingId,
    });
  return problems;
}
