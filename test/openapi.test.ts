import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildTestApp, type TestApp } from './helpers.ts';

/** Every REST response the suite exercises, checked against the served OpenAPI document. */
const REQUESTS = [
  '/releases',
  '/releases/1.2.0/family-styles',
  '/releases/1.2.0/icon-packs',
  '/releases/1.2.0/icons',
  '/releases/1.2.0/icons?license=free&page=2&page_size=3',
  '/releases/1.2.0/icons?license=pro',
  '/releases/1.2.0/icons?page=40',
  '/releases/1.2.0/icons-minimal',
  '/releases/1.2.0/icons-minimal?license=pro&page_size=1',
  '/releases/2.0.0-beta1/icons',
  '/releases/9.9.9/icons',
  '/releases/nope/icons',
  '/releases/1.2.0/icons?page=0&license=x',
  '/releases/1.2.0/icons-minimal?page_size=501',
  '/releases/1.2.0/free-svgs',
  '/releases/1.2.0/changes?from=1.0.0',
  '/releases/1.0.0/changes?from=2.0.0-beta1',
  '/releases/1.2.0/changes',
  '/releases/1.2.0/changes?from=9.9.9',
  '/releases/1.2.0/changes?from=1.x',
  '/abcdef1234.js',
  '/downloads/abcdefgh12.zip',
];

describe('OpenAPI document', () => {
  let http: TestApp['http'];
  before(async () => ({ http } = await buildTestApp()));

  it('is served at /openapi.json as OpenAPI 3.1', async () => {
    const { body } = await http.get('/openapi.json').expect(200);
    expect(body.openapi).to.equal('3.1.0');
    expect(Object.keys(body.paths)).to.include.members(['/releases', '/releases/{version}/icons']);
  });

  it('describes every REST response the service sends', async () => {
    const { body: document } = await http.get('/openapi.json').expect(200);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    for (const path of REQUESTS) {
      const res = await http.get(path);
      const template = Object.keys(document.paths).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0]));
      expect(template, path).to.be.a('string');
      const response = document.paths[template!].get.responses[res.status];
      expect(response, `${path}: status ${res.status} is documented`).to.exist;
      const [mediaType] = Object.keys(response.content);
      expect(res.headers['content-type'], path).to.contain(mediaType);
      const validate = ajv.compile({ $ref: `openapi#/paths/${template!.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/${res.status}/content/${mediaType.replace(/\//g, '~1')}/schema` });
      expect(validate(res.body), `${path}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
    }
  });
});
