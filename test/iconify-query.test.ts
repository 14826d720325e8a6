// The Iconify API's query is read as Node's querystring reads it (server/iconify/query-values.ts);
// a batch's plain `icons=` query is read without it, and must read the same.
import { parse } from 'node:querystring';
import { expect } from 'chai';
import { queryOf } from '../server/iconify/query-values.ts';

describe('reading an Iconify API query', () => {
  const same = ['icons=home,account-circle,f01c9', 'icons=', 'icons=home%2Caccount', 'icons=a+b', 'icons=home&pretty=1', 'icons=home&icons=account', 'callback=cb&icons=home', 'icons=Home', 'icons=h%C3%A9'];
  for (const search of same) {
    it(`reads ${search} as querystring does`, () => {
      expect({ ...queryOf(search) }).to.deep.equal({ ...parse(search) });
      expect(Object.getPrototypeOf(queryOf(search))).to.equal(null);
    });
  }
});
