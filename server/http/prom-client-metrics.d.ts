// prom-client's default metrics one by one (its collectDefaultMetrics has no way to leave one out):
// each module registers its metric on the registry given.
declare module 'prom-client/lib/metrics/*' {
  const register: (registry: import('prom-client').Registry, config: Record<string, unknown>) => void;
  export default register;
}
