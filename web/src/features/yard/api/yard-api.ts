/**
 * The yard screen's API calls, each parsed with the shared schema: scan a pass, read a booking as the yard sees
 * it, check in, check out, add a note, record a payment, read the day sheet and search bookings.
 */
import { adminBookingsResponseSchema, daySheetSchema, recordPaymentResponseSchema, type AdminBookingsResponse, type DaySheet } from '@shared/admin';
import type { RecordPayment } from '@shared/balance';
import { noteResponseSchema, yardBookingSchema, type CheckInInput, type CheckOutInput, type NoteRequest, type YardBooking } from '@shared/yard';
import { conditionResponseSchema, conditionViewSchema, type ConditionRequestInput, type ConditionView } from '@shared/condition';
import { apiRequest } from '../../../lib/api-client';

const id = (bookingId: string) => encodeURIComponent(bookingId);

export const scanPass = (code: string): Promise<YardBooking> => apiRequest('/yard/scan', { method: 'POST', body: { code }, schema: yardBookingSchema, auth: true });

export const fetchYardBooking = (bookingId: string, signal?: AbortSignal): Promise<YardBooking> => apiRequest(`/yard/bookings/${id(bookingId)}`, { schema: yardBookingSchema, auth: true, signal });

export const checkIn = (bookingId: string, body: CheckInInput): Promise<YardBooking> => apiRequest(`/yard/bookings/${id(bookingId)}/check-in`, { method: 'POST', body, schema: yardBookingSchema, auth: true });

export const checkOut = (bookingId: string, body: CheckOutInput): Promise<YardBooking> => apiRequest(`/yard/bookings/${id(bookingId)}/check-out`, { method: 'POST', body, schema: yardBookingSchema, auth: true });

export const addNote = (bookingId: string, body: NoteRequest) => apiRequest(`/admin/bookings/${id(bookingId)}/notes`, { method: 'POST', body, schema: noteResponseSchema, auth: true });

export const recordPayment = (bookingId: string, body: RecordPayment) => apiRequest(`/admin/bookings/${id(bookingId)}/payments`, { method: 'POST', body, schema: recordPaymentResponseSchema, auth: true });

export const fetchDaySheet = (date: string, signal?: AbortSignal): Promise<DaySheet> => apiRequest(`/admin/day-sheet?date=${encodeURIComponent(date)}`, { schema: daySheetSchema, auth: true, signal });

export const searchBookings = (q: string, signal?: AbortSignal): Promise<AdminBookingsResponse> =>
  apiRequest(`/admin/bookings?${new URLSearchParams({ tab: 'all', q, pageSize: '10' })}`, { schema: adminBookingsResponseSchema, auth: true, signal });

export const fetchCondition = (bookingId: string, signal?: AbortSignal): Promise<ConditionView> => apiRequest(`/yard/bookings/${id(bookingId)}/condition`, { schema: conditionViewSchema, auth: true, signal });

export const recordCondition = (bookingId: string, body: ConditionRequestInput) => apiRequest(`/yard/bookings/${id(bookingId)}/condition`, { method: 'POST', body, schema: conditionResponseSchema, auth: true });
