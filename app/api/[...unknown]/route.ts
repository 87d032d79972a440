import { unknownApiAddress } from '@/lib/doors/http/unknown-address';

/** Any other address under /api answers in the one error shape, with the route handlers' security headers. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownApiAddress;
