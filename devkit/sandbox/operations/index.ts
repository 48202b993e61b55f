import type { OperationHandler } from './operation.ts';
import * as reads from './read-operations.ts';
import * as writes from './write-operations.ts';

/** Every operationId of openapi/booking-api.yaml, mapped to its handler (a startup check enforces it). */
export const operationHandlers: Record<string, OperationHandler> = {
  searchBookings: reads.searchBookings,
  getBooking: reads.getBooking,
  exportBookings: reads.exportBookings,
  listProducts: reads.listProducts,
  getAvailability: reads.getAvailability,
  getVenue: reads.getVenue,
  getCurrentUser: reads.getCurrentUser,
  createBooking: writes.createBooking,
  rescheduleBooking: writes.rescheduleBooking,
  updateGuestCount: writes.updateGuestCount,
  updateContactDetails: writes.updateContactDetails,
  addBookingNote: writes.addBookingNote,
  deleteBookingNote: writes.deleteBookingNote,
  sendBookingConfirmation: writes.sendBookingConfirmation,
  cancelBooking: writes.cancelBooking,
  createPaymentLink: writes.createPaymentLink,
  refundBooking: writes.refundBooking,
  deleteBooking: writes.deleteBooking,
};
