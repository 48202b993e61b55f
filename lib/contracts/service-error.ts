import * as z from 'zod';
import { ServiceErrorType } from './enums.ts';

/** 001 Service Error. */
export const ServiceError = z.object({
  error_type: ServiceErrorType,
  message: z.string().min(1).max(500),
});
export type ServiceError = z.infer<typeof ServiceError>;
