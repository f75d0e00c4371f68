import { expect } from 'chai';
import { intentMethodsProblem } from './intent.js';

describe('intentMethodsProblem', () => {
  it('an authorize or verify order names a card among its methods, or none at all', () => {
    for (const intent of ['authorize', 'verify'] as const) {
      for (const methods of [undefined, ['CARD'], ['VI'], ['PQ', 'EL']])
        expect(intentMethodsProblem({ intent, methods }), `${intent} ${methods}`).to.equal(
          undefined,
        );
      for (const methods of [['PQ'], ['BL', 'MP'], ['AP', 'GP']])
        expect(intentMethodsProblem({ intent, methods }), `${intent} ${methods}`).to.match(
          new RegExp(`^must include a card .* for intent "${intent}"`),
        );
    }
    expect(intentMethodsProblem({ methods: ['PQ'] })).to.equal(undefined);
    expect(intentMethodsProblem({ intent: 'capture', methods: ['BL'] })).to.equal(undefined);
  });
});
