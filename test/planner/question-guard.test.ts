import { describe, expect, it } from 'vitest';
import { guardDecline } from '../../lib/planner/question-guard.ts';

const actionIds = ['rescheduleBooking', 'updateGuestCount', 'createPaymentLink'];
const capabilities = 'reschedule booking, update guest count and create payment link';

describe('guardDecline: code’s own capability words pass, unsafe text is replaced by the registry’s list', () => {
  it('keeps a decline that names what can be done, payment link included (issue 16)', () => {
    const message = `I can't plan that request. I can ${capabilities}, naming the booking.`;
    expect(guardDecline(message, actionIds)).toBe(message);
  });

  it('replaces a decline that asks for a card number, offering the registry’s actions, not fixed examples', () => {
    expect(guardDecline('Please reply with the card number and CVV so I can pay', actionIds)).toBe(
      `I can't do that here. I can ${capabilities}, naming the booking.`,
    );
  });
});
