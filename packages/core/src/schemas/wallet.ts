/** `payment.wallet`, with the device identification one wallet provider needs. */
import { z } from 'zod';
import { flag, numberAsText, partialObject, text } from './common.js';

/** A string of the device's, which a typed client may send as a number (read as its text). */
const s = numberAsText(z.string());

export const walletFingerprintSchema = partialObject({
  os: s,
  system_version: s,
  ram: s,
  disk_space: s,
  model: s,
  free_disk_space: s,
  resolution: s,
  vendor_ids: z.array(z.object({ name: s, value: s })),
  vendor_specific_attributes: partialObject({
    feature_flash: s,
    can_make_phone_calls: s,
    can_send_sms: s,
    video_camera_available: s,
    cpu_count: s,
    simulator: s,
    device_languaje: s,
    device_idiom: s,
    platform: s,
    device_name: s,
    device_family: s,
    retina_display_capable: s,
    feature_camera: s,
    device_model: s,
    feature_front_camera: s,
  }),
});

export const walletSchema = partialObject({
  name: text(),
  save: flag,
  token: text(),
  expiration: numberAsText(z.string().regex(/^\d+$/, 'must be a number of days')),
  username: text(),
  email: text().pipe(z.email('must be an e-mail address')),
  recurring_info: z.looseObject({}),
  verify: flag,
  capture: flag,
  device_id: partialObject({
    device_id: text(),
    fingerprint: walletFingerprintSchema,
  }),
});
export type Wallet = z.infer<typeof walletSchema>;
