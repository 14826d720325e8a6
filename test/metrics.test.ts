import { expect } from 'chai';
import { createServer } from 'node:http';
import request from 'supertest';
import { Registry } from 'prom-client';
import { createMetrics, routeClassOf, type Metrics } from '../server/http/metrics.ts';
import { RequestTallies, ROUTE_CLASSES } from '../server/http/request-tallies.ts';
import { cachedResponse, createResponseCache } from '../server/http/response-cache.ts';
import { buildTestApp, countRows, FIXTURE_VERSIONS } from './helpers.ts';

/** A bare server wired as createApp wires metrics: observe every request, /metrics answered by the handler. */
function serverWith(metrics: Metrics) {
  return createServer((req, res) => {
    metrics.observe(req, res);
    if (req.url === '/metrics') return void metrics.handler(req, res);
    if (req.url?.startsWith('/releases/cached')) metrics.cacheHit();
    else if (req.url?.startsWith('/releases/')) metrics.cacheMiss();
    res.statusCode = req.url === '/missing' ? 404 : 200;
    res.end('ok');
  });
}

const sample = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('metrics', () => {
  it('classify request paths into a few route classes', () => {
    expect(routeClassOf('/releases/7.3.1/icons?page=2')).to.equal('rest');
    expect(routeClassOf('/releases')).to.equal('rest');
    expect(routeClassOf('/openapi.json')).to.equal('rest');
    expect(routeClassOf('/', 'POST')).to.equal('graphql');
    expect(routeClassOf('//', 'POST')).to.equal('graphql');
    expect(routeClassOf('/?query=%7Bx%7D', 'GET')).to.equal('graphql');
    expect(routeClassOf('/', 'GET')).to.equal('page');
    expect(routeClassOf('/icons/mug-saucer?v=7.3.1')).to.equal('page');
    expect(routeClassOf('/diff?from=5.15.4&to=6.7.2')).to.equal('page');
    expect(routeClassOf('/web/abc/app.js')).to.equal('page');
    expect(routeClassOf('/releases/6.7.2/changes?from=5.15.4')).to.equal('rest');
    expect(routeClassOf('/graphql?query=x')).to.equal('graphql');
    expect(routeClassOf('//token')).to.equal('token');
    expect(routeClassOf('/healthz')).to.equal('health');
    expect(routeClassOf('/metrics')).to.equal('metrics');
    expect(routeClassOf('/wp-login.php')).to.equal('other');
    expect(routeClassOf('/iconify/mdi.json?icons=home')).to.equal('iconify');
    expect(routeClassOf('/icons/mdi.json', 'GET', '/icons')).to.equal('iconify');
    expect(routeClassOf('/iconifyx/mdi.json')).to.equal('other');
  });

  it('count the open icon sets and their icons when scraped', async () => {
    const metrics = createMetrics({ processMetrics: false, iconSets: async () => ({ sets: 238, icons: 379_454 }) });
    const text = (await request(serverWith(metrics)).get('/metrics').expect(200)).text;
    expect(sample(text, 'iconmeta_icon_sets')).to.equal(238);
    expect(sample(text, 'iconmeta_icon_set_icons')).to.equal(379_454);
  });

  it('when requests are answered, count them by route class, method and status class, and time them', async () => {
    const metrics = createMetrics({ processMetrics: false, releaseCount: () => 3 });
    const http = request(serverWith(metrics));
    await http.get('/releases/7.3.1/icons').expect(200);
    await http.get('/releases/cached/1').expect(200);
    await http.get('/releases/cached/2').expect(200);
    await http.post('/token').expect(200);
    await http.get('/missing').expect(404);
    const res = await http.get('/metrics').expect(200).expect('content-type', /^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(sample(text, 'iconmeta_http_requests_total', '{route="rest",method="GET",status="2xx"}')).to.equal(3);
    expect(sample(text, 'iconmeta_http_requests_total', '{route="token",method="POST",status="2xx"}')).to.equal(1);
    expect(sample(text, 'iconmeta_http_requests_total', '{route="other",method="GET",status="4xx"}')).to.equal(1);
    expect(sample(text, 'iconmeta_http_request_duration_seconds_count', '{route="rest"}')).to.equal(3);
    expect(sample(text, 'iconmeta_http_request_duration_seconds_bucket', '{le="+Inf",route="rest"}')).to.equal(3);
    expect(sample(text, 'iconmeta_response_cache_hits_total')).to.equal(2);
    expect(sample(text, 'iconmeta_response_cache_misses_total')).to.equal(1);
    expect(sample(text, 'iconmeta_response_cache_hit_ratio')).to.be.closeTo(2 / 3, 1e-9);
    expect(sample(text, 'iconmeta_releases')).to.equal(3);
  });

  it('bucket durations as Prometheus does (a bound counts what equals it), with their sum, and leave routes never asked for out', async () => {
    const registry = new Registry();
    const tallies = new RequestTallies();
    tallies.register(registry);
    const iconify = ROUTE_CLASSES.indexOf('iconify');
    for (const seconds of [0.0004, 0.0005, 0.003, 0.2, 12]) tallies.add(iconify, 0, 200, seconds);
    tallies.add(iconify, 2, 503, 0.001);
    tallies.add(iconify, 0, 99, 0.001); // no such status class: counted in the lowest, not lost
    const text = await registry.metrics();
    const bucket = (le: string) => sample(text, 'iconmeta_http_request_duration_seconds_bucket', `{le="${le}",route="iconify"}`);
    expect([bucket('0.0005'), bucket('0.001'), bucket('0.0025'), bucket('0.005'), bucket('0.25'), bucket('10'), bucket('+Inf')]).to.deep.equal([2, 4, 4, 5, 6, 6, 7]);
    expect(sample(text, 'iconmeta_http_request_duration_seconds_sum', '{route="iconify"}')).to.be.closeTo(12.2059, 1e-9);
    expect(sample(text, 'iconmeta_http_request_duration_seconds_count', '{route="iconify"}')).to.equal(7);
    expect(sample(text, 'iconmeta_http_requests_total', '{route="iconify",method="GET",status="2xx"}')).to.equal(5);
    expect(sample(text, 'iconmeta_http_requests_total', '{route="iconify",method="POST",status="5xx"}')).to.equal(1);
    expect(sample(text, 'iconmeta_http_requests_total', '{route="iconify",method="GET",status="1xx"}')).to.equal(1);
    expect(text).to.not.match(/route="rest"/);
    expect(text).to.match(/^# TYPE iconmeta_http_request_duration_seconds histogram$/m);
  });

  it('count a response cache\'s hits and misses once per request, however many times it is looked up', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const cache = metrics.countCache(createResponseCache(1024 * 1024));
    // A miss: the fast path looks, the router looks again, builds and stores.
    expect(cache.get('/releases')).to.equal(undefined);
    expect(cache.get('/releases')).to.equal(undefined);
    cache.set('/releases', cachedResponse('{"releases":[]}', 'application/json', 'no-store'));
    // Two hits.
    expect(cache.get('/releases')).not.to.equal(undefined);
    expect(cache.get('/releases')).not.to.equal(undefined);
    expect(cache.size).to.equal(1);
    const text = await metrics.registry.metrics();
    expect(sample(text, 'iconmeta_response_cache_hits_total')).to.equal(2);
    expect(sample(text, 'iconmeta_response_cache_misses_total')).to.equal(1);
    expect(sample(text, 'iconmeta_response_cache_hit_ratio')).to.be.closeTo(2 / 3, 1e-9);
  });

  it('read the release count when scraped, so a release added by the seed command shows', async () => {
    let releases = 1;
    const metrics = createMetrics({ processMetrics: false, releaseCount: () => releases });
    const http = request(serverWith(metrics));
    expect(sample((await http.get('/metrics')).text, 'iconmeta_releases')).to.equal(1);
    releases = 4;
    expect(sample((await http.get('/metrics')).text, 'iconmeta_releases')).to.equal(4);
  });

  it('include the process metrics, and keep each app in its own registry', async () => {
    const first = createMetrics();
    const second = createMetrics();
    await request(serverWith(first)).get('/healthz');
    const text = (await request(serverWith(second)).get('/metrics')).text;
    expect(text).to.match(/^process_resident_memory_bytes \d+/m);
    expect(text).to.match(/^process_cpu_seconds_total /m);
    expect(text).to.match(/^nodejs_eventloop_lag_seconds /m);
    expect(sample(text, 'iconmeta_http_requests_total', '{route="health",method="GET",status="2xx"}')).to.equal(undefined);
    expect(sample(text, 'iconmeta_response_cache_hit_ratio')).to.equal(0);
  });

  it('on the real app, wired as server/serve.ts wires them: REST and GraphQL requests, fast-path hits and built misses, releases', async () => {
    const built = await buildTestApp();
    const releaseCount = await countRows(built.database, (t) => t.releases);
    const metrics = createMetrics({ processMetrics: false, releaseCount: () => releaseCount, responseCacheBytes: () => built.cache.bytes });
    metrics.countCache(built.cache);
    const http = request(metrics.wrap(built.handler));
    await http.get('/releases/1.2.0/icons').expect(200);
    await http.get('/releases/1.2.0/icons').expect(200);
    await http.get('/releases/1.2.0/icons').expect(200);
    const query = { query: '{ release(version: "1.2.0") { version } }' };
    await http.post('/').send(query).expect(200);
    await http.post('/').send(query).expect(200);
    const text = (await http.get('/metrics').expect(200)).text;
    expect(sample(text, 'iconmeta_http_requests_total', '{route="rest",method="GET",status="2xx"}')).to.equal(3);
    expect(sample(text, 'iconmeta_http_requests_total', '{route="graphql",method="POST",status="2xx"}')).to.equal(2);
    expect(sample(text, 'iconmeta_response_cache_misses_total')).to.equal(2);
    expect(sample(text, 'iconmeta_response_cache_hits_total')).to.equal(3);
    expect(sample(text, 'iconmeta_releases')).to.equal(FIXTURE_VERSIONS.length);
    expect(sample(text, 'iconmeta_response_cache_bytes')).to.be.greaterThan(0);
  });

  it('show each budgeted part of memory: its bytes, within its budget, and the budget the configuration set', async () => {
    // 3 MiB of GraphQL caches: shares that are no whole number of bytes (a fifth) once stopped the start.
    const built = await buildTestApp({ env: { RESPONSE_CACHE_MB: '3', GRAPHQL_CACHE_MB: '3', SEARCH_CACHE_MB: '1' } });
    const metrics = createMetrics({ processMetrics: false, memory: built.memory });
    const http = request(metrics.wrap(built.handler));
    await http.get('/releases/1.2.0/icons').expect(200);
    await http.get('/releases/1.2.0/icons').expect(200);
    // Two documents asking one search: results are kept when asked for a second time.
    await http.post('/').send({ query: '{ search(version: "1.2.0", query: "arrow", first: 5) { id } }' }).expect(200);
    await http.post('/').send({ query: '{ search(version: "1.2.0", query: "arrow", first: 5) { id label } }' }).expect(200);
    const text = (await http.get('/metrics').expect(200)).text;
    const MiB = 1024 * 1024;
    const budgets = { responses: 3 * MiB, releases: 8 * MiB, icon_sets: 12 * MiB, graphql_documents: 3 * MiB, search_results: 1 * MiB };
    for (const [part, budget] of Object.entries(budgets)) {
      expect(sample(text, 'iconmeta_memory_budget_bytes', `{part="${part}"}`), part).to.equal(budget);
      expect(sample(text, 'iconmeta_memory_bytes', `{part="${part}"}`), part).to.be.within(0, budget);
    }
    for (const part of ['responses', 'releases', 'graphql_documents', 'search_results']) {
      expect(sample(text, 'iconmeta_memory_bytes', `{part="${part}"}`), `${part} after the requests`).to.be.greaterThan(0);
    }
  });
});
