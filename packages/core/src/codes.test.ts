import { expect } from 'chai';
import {
  apiErrorBody,
  apiErrorStatus,
  apiErrors,
  isRejectionCode,
  paymentStatuses,
  rejectionCodes,
  SIGNATURE_NOT_MATCH,
} from './codes.js';

describe('codes', () => {
  it('gives the API error body, with the parameter for 5001', () => {
    expect(apiErrorBody(5001, 'payer.address.zip_code')).to.deep.equal({
      code: 5001,
      message: 'Invalid parameter: payer.address.zip_code',
      param: 'payer.address.zip_code',
    });
    expect(apiErrorBody(3001)).to.deep.equal({ code: 3001, message: 'Invalid credentials' });
    // Recorded on the wire without param, whatever was at fault.
    expect(apiErrorBody(5007, 'amount')).to.deep.equal({ code: 5007, message: 'Amount exceeded' });
    expect(apiErrorBody(4000, 'payment_id')).to.deep.equal({
      code: 4000,
      message: 'Payment not found',
    });
    // Only 5001 is a parameter error: every other code drops the parameter it is given.
    for (const code of Object.keys(apiErrors).map(Number) as (keyof typeof apiErrors)[])
      if (code !== 5001)
        expect(apiErrorBody(code, 'order_id'), String(code)).to.deep.equal({
          code,
          message: apiErrors[code].message,
        });
    expect(apiErrorBody(5000, undefined, SIGNATURE_NOT_MATCH)).to.deep.equal({
      code: 5000,
      message: 'Signature not match',
    });
    expect(apiErrorStatus(3001)).to.equal(403);
    expect(apiErrorStatus(4000)).to.equal(404);
    expect(apiErrorStatus(6000)).to.equal(429);
    expect(apiErrorStatus(7000)).to.equal(500);
  });

  it('has wire messages without a trailing period', () => {
    for (const { message } of Object.values(apiErrors)) expect(message).not.to.match(/\.$/);
  });

  it('lists the rejection codes 300 to 326', () => {
    const codes = Object.keys(rejectionCodes).map(Number);
    expect(codes).to.deep.equal(Array.from({ length: 27 }, (_, i) => 300 + i));
    expect(isRejectionCode('309')).to.equal(true);
    expect(isRejectionCode('327')).to.equal(false);
    expect(isRejectionCode(309)).to.equal(false);
  });

  it('keeps status codes as strings', () => {
    expect(paymentStatuses.PAID).to.deep.equal({ code: '200', detail: 'The payment was paid.' });
    expect(paymentStatuses.VERIFIED.code).to.equal('700');
  });
});
