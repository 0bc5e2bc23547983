import QRCode from 'qrcode';
import { data } from 'react-router';
import { ServiceError } from '../../../services/platform/service-error';
import { setupPageOf } from '../../../services/staff/staff-accounts';
import type { ConsoleContext } from '../context';

/** The set-up page of a link, with its otpauth address drawn as a QR code (an SVG image's data: address); an unusable link is the page's 404. */
export async function setupPage(ctx: ConsoleContext['ctx'], token: string) {
  try {
    const page = await setupPageOf(ctx.db, ctx.clock, ctx.staffKey, token);
    const svg = await QRCode.toString(page.otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { ...page, token, qrImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  } catch (error) {
    if (error instanceof ServiceError) throw data(error.message, { status: 404 });
    throw error;
  }
}
