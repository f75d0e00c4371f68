import { paylit } from '../../../lib/paylit';

export const GET = (request: Request) => paylit()(request);
export const POST = GET;
