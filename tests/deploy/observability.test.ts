import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * compose.yaml's observability profile, the alert rules and the dashboard (docs/operations.md, "Watching
 * it"), read as Docker, Prometheus and Grafana would read them: nothing here needs Docker. promtool, which
 * .ci/run extracts from Debian's prometheus package, checks the rules, their unit tests and the config.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The metrics the brokers export (server's metrics module and prom-client's defaults), by name. */
const HISTOGRAMS = [
  'kk_http_request_duration_seconds',
  'kk_lender_send_duration_seconds',
  'kk_lender_answer_duration_seconds',
];
const OTHER_METRICS = [
  'kk_application_state_changes_total',
  'kk_lender_answers_total',
  'kk_lender_timeouts_total',
  'kk_lender_errors_total',
  'kk_queue_jobs',
  'kk_queue_oldest_job_age_seconds',
  'kk_notices_total',
  'kk_status_stream_clients',
  'kk_db_pool_connections',
  'kk_funnel_events_total',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
];
/** Prometheus's own series: `up` of every scrape, and the readiness prober's `probe_success`. */
const SCRAPE_METRICS = ['up', 'probe_success'];
const KNOWN = new Set([
  ...HISTOGRAMS.flatMap((name) => [name, `${name}_bucket`, `${name}_sum`, `${name}_count`]),
  ...OTHER_METRICS,
  ...SCRAPE_METRICS,
]);

const KEYWORDS = new Set(['and', 'or', 'unless', 'offset', 'bool', 'by', 'without', 'on', 'ignoring']);
const KEYWORDS_AND_MODIFIERS = new Set([...KEYWORDS, 'group_left', 'group_right']);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges and
 * label lists are gone, minus functions (a name before a parenthesis), keywords and the units of numbers.
 */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_:][\w:]*/g)) {
    const name = match[0];
    const before = bare[match.index - 1] ?? ' ';
    const after = bare.slice(match.index + name.length);
    if (/[\d.]/.test(before) || /^\s*\(/.test(after) || KEYWORDS_AND_MODIFIERS.has(name)) continue;
    names.push(name);
  }
  return names;
}

interface ComposeService {
  image?: string;
  profiles?: string[];
  network_mode?: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  entrypoint?: string[];
}
interface Compose {
  name: string;
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as Compose;
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};
/** `./host:container[:ro]` bind mounts of a service, as [host path, container path]. */
const bindMounts = (name: string): [string, string][] =>
  (service(name).volumes ?? [])
    .filter((volume) => volume.startsWith('./'))
    .map((volume) => volume.split(':') as [string, string]);

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const alerts = (parse(read('deploy/prometheus/alerts.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (group) => group.rules,
);

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}
const dashboard = JSON.parse(read('deploy/grafana/dashboards/kreditkompass.json')) as { uid: string; panels: Panel[] };

const OBSERVABILITY = ['prometheus', 'readiness-probe', 'grafana'];

describe('reading the metric names of PromQL', () => {
  it('finds the series and leaves out functions, labels, ranges and keywords', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.95, sum by (le, lender) (rate(kk_lender_answer_duration_seconds_bucket{lender=~"a.*"}[5m] offset 15m)))',
      ),
    ).toEqual(['kk_lender_answer_duration_seconds_bucket']);
    expect(
      metricNamesOf('sum(rate(a_total[$__rate_interval])) / ignoring(route) group_left sum(b_total) > 1e3'),
    ).toEqual(['a_total', 'b_total']);
  });
});

describe('compose.yaml, profile observability', () => {
  it('adds Prometheus, the readiness prober and Grafana to that profile only, and leaves the stack as it was', () => {
    for (const name of OBSERVABILITY) expect(service(name).profiles, name).toEqual(['observability']);
    for (const [name, other] of Object.entries(compose.services)) {
      if (!OBSERVABILITY.includes(name)) expect(other.profiles, name).toBeUndefined();
    }
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['prometheus-data', 'grafana-data']));
  });

  it('scrapes from inside the proxy namespace, where the brokers listen on the loopback', () => {
    expect(service('prometheus').network_mode).toBe('service:proxy');
    expect(service('readiness-probe').network_mode).toBe('service:proxy');
    // nothing of Prometheus or the prober is published: only Grafana, on the host's loopback
    expect(service('proxy').ports).toEqual(['8080:8080']);
    expect(service('grafana').ports).toEqual(['127.0.0.1:3030:3000']);
  });

  it('mounts files that exist', () => {
    for (const name of OBSERVABILITY) {
      for (const [host] of bindMounts(name)) expect(existsSync(resolve(root, host)), `${name}: ${host}`).toBe(true);
    }
  });

  it('gives Prometheus the brokers token and their ports', () => {
    const config = parse(read('deploy/prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: {
        job_name: string;
        authorization?: { type: string; credentials_file: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const brokers = config.scrape_configs.find((job) => job.job_name === 'brokers');
    const ports = ['broker-1', 'broker-2'].map((name) => service(name).environment?.PORT);
    expect(brokers?.static_configs.flatMap((group) => group.targets)).toEqual(ports.map((port) => `127.0.0.1:${port}`));
    expect(brokers?.authorization?.type).toBe('Bearer');
    // the entrypoint writes the token where the scrape reads it, from the same variable as the brokers'
    expect(service('prometheus').entrypoint?.join(' ')).toContain(`> ${brokers?.authorization?.credentials_file}`);
    expect(service('prometheus').environment?.METRICS_TOKEN).toBe(service('broker-1').environment?.METRICS_TOKEN);
    expect(service('broker-2').environment?.METRICS_TOKEN).toBe(service('broker-1').environment?.METRICS_TOKEN);
    const mounted = bindMounts('prometheus').map(([, inside]) => inside);
    for (const ruleFile of config.rule_files) expect(mounted).toContain(ruleFile);
  });

  it('provisions Grafana with the data source and the dashboards folder the dashboard names', () => {
    const mounted = Object.fromEntries(bindMounts('grafana').map(([host, inside]) => [inside, host]));
    expect(mounted['/etc/grafana/provisioning']).toBe('./deploy/grafana/provisioning');
    const sources = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { uid: string; url: string }[];
    };
    expect(sources.datasources.map((source) => source.uid)).toEqual(['prometheus']);
    // Prometheus lives in the proxy's namespace: its address from Grafana's network is the proxy's
    expect(sources.datasources[0]?.url).toBe('http://proxy:9090');
    const providers = parse(read('deploy/grafana/provisioning/dashboards/kreditkompass.yml')) as {
      providers: { options: { path: string } }[];
    };
    const path = providers.providers[0]?.options.path ?? '';
    expect(mounted[path]).toBe('./deploy/grafana/dashboards');
    for (const panel of dashboard.panels.filter((candidate) => candidate.type !== 'row')) {
      expect(panel.datasource?.uid, panel.title).toBe('prometheus');
    }
  });
});

describe('the alert rules', () => {
  it('read only the metrics the brokers export', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const rule of alerts) {
      const names = metricNamesOf(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(KNOWN.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it('cover what issue 35 asks to be woken for', () => {
    const reads = (metric: string) => alerts.some((rule) => metricNamesOf(rule.expr).includes(metric));
    expect(reads('kk_http_request_duration_seconds_count')).toBe(true);
    expect(reads('kk_lender_answers_total') && reads('kk_lender_send_duration_seconds_count')).toBe(true);
    expect(reads('kk_queue_oldest_job_age_seconds')).toBe(true);
    expect(reads('kk_notices_total')).toBe(true);
    expect(reads('up') && reads('probe_success')).toBe(true);
  });

  it('each have a runbook entry in docs/operations.md', () => {
    const operations = read('docs/operations.md');
    for (const rule of alerts) {
      const heading = new RegExp(`^#### ${rule.alert}$`, 'm').exec(operations);
      expect(heading, rule.alert).not.toBeNull();
      const entry = operations.slice(heading?.index ?? 0).split(/\n#{2,4} /)[0] ?? '';
      expect(entry, rule.alert).toMatch(/What it means/);
      expect(entry, rule.alert).toMatch(/First checks/);
      expect(entry, rule.alert).toMatch(/What to do/);
      expect(rule.annotations?.runbook).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
    }
  });
});

describe('the dashboard', () => {
  const queried = dashboard.panels.filter((panel) => panel.type !== 'row');

  it('queries only the metrics the brokers export', () => {
    expect(queried.length).toBeGreaterThan(10);
    for (const panel of queried) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        const names = metricNamesOf(target.expr);
        expect(names.length, panel.title).toBeGreaterThan(0);
        for (const name of names) expect(KNOWN.has(name), `${panel.title}: ${name}`).toBe(true);
      }
    }
  });

  it('shows every exported metric somewhere', () => {
    const shown = new Set(queried.flatMap((panel) => (panel.targets ?? []).flatMap((t) => metricNamesOf(t.expr))));
    const bases = [...shown].map((name) => name.replace(/_(?:bucket|sum|count)$/, ''));
    for (const metric of [...HISTOGRAMS, ...OTHER_METRICS]) expect([...shown, ...bases], metric).toContain(metric);
  });
});

/** A checker on PATH, or where .ci/run puts it. */
function tool(name: string, ciPath: string, origin: string): string {
  const candidates = [...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name)), join(root, ciPath)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${name} not found: .ci/run extracts it from ${origin}`);
  return found;
}
const promtool = () => tool('promtool', '.ci/.promtool/promtool', "Debian's prometheus package");
// Compose v2 under its standalone name; bookworm's own docker-compose is v1, which this file is not for
const dockerCompose = () => tool('docker-compose-v2', '.ci/.compose/docker-compose', "trixie's docker-compose package");

describe('docker compose --profile observability config', () => {
  const config = (...args: string[]) =>
    execFileSync(dockerCompose(), ['--file', 'compose.yaml', ...args, 'config', '--format', 'json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
      // a METRICS_TOKEN of the caller's shell must not change what the file says by default
      env: { PATH: process.env.PATH ?? '' },
    });

  it('is valid, and the profile adds the three watchers to the stack', () => {
    const resolved = JSON.parse(config('--profile', 'observability')) as { name: string; services: object };
    const stack = JSON.parse(config()) as { services: object };
    expect(Object.keys(resolved.services).sort()).toEqual([...Object.keys(stack.services), ...OBSERVABILITY].sort());
    expect(Object.keys(stack.services)).not.toContain('prometheus');
    expect(resolved.name).toBe(compose.name);
  });
});

describe('promtool', () => {
  const run = (...args: string[]) => execFileSync(promtool(), args, { cwd: root, encoding: 'utf8', stdio: 'pipe' });

  it('accepts the rules and the scrape config', () => {
    expect(run('check', 'rules', 'deploy/prometheus/alerts.yml')).toMatch(/SUCCESS/);
    // --syntax-only: the token file exists only inside the container
    expect(run('check', 'config', '--syntax-only', 'deploy/prometheus/prometheus.yml')).toMatch(/SUCCESS/);
  });

  it('fires each alert on the story of its unit test (deploy/prometheus/alerts.test.yml)', () => {
    expect(run('test', 'rules', 'deploy/prometheus/alerts.test.yml')).toMatch(/SUCCESS/);
  });
});
