import { expect } from 'chai';
import { PaylitError } from '@paylit/core/errors';
import {
  frameScript,
  importMarks,
  importPlans,
  LoadersMissingError,
  provideLoaders,
  type Chunks,
} from './lazy.js';

describe('the lazy parts, as an entry hands them in', () => {
  it('before any entry has, a lazy part is a LoadersMissingError that names it', () => {
    expect(() => importMarks()).to.throw(LoadersMissingError, /no loader for the marks/);
    expect(() => frameScript()).to.throw(LoadersMissingError, /frame script/);
    // One of paylit's errors, of the kind a set-up mistake is.
    const error = (() => {
      try {
        importPlans();
      } catch (e) {
        return e;
      }
    })();
    expect(error).to.be.instanceOf(PaylitError);
    expect(error).to.include({ kind: 'configuration', code: 'loaders_missing' });
  });

  it('once handed in, each part is what the loaders give, by its chunk name', async () => {
    const asked: string[] = [];
    provideLoaders({
      chunk: <K extends keyof Chunks>(name: K) => {
        asked.push(name);
        return Promise.resolve({ name } as unknown as Chunks[K]);
      },
      frameScript: () => 'https://cdn.example/paylit.frame.js',
    });
    expect(await importMarks()).to.deep.equal({ name: 'marks' });
    expect(await importPlans()).to.deep.equal({ name: 'installments' });
    expect(asked).to.deep.equal(['marks', 'installments']);
    expect(frameScript()).to.equal('https://cdn.example/paylit.frame.js');
  });
});
