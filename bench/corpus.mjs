#!/usr/bin/env node
// Writes a deterministic corpus of cluster YAML files, as a platform team's repository holds them:
// every kind of cluster (Hadoop 2, Spark, Presto, Airflow), comments, tags, heterogeneous
// instance configs, block volumes, 2–4 KB each, and one file in ten with a realistic mistake.
//
// The findings-heavy corpus (`--findings`) is the same files as a repository looks before anyone
// has cleaned it up: some 90 % carry advisories (cooldown periods on an account that may lack
// aggressive downscaling, literal credentials, monitor tokens, idle timeouts of 0, spaced subnet
// lists, a misspelt member) and one file in ten an error (a region typo, max_nodes below
// initial_nodes, a quoted number, or a label another file also claims). It times the part of a
// lint that the clean corpus hardly reaches: locating findings, fixes and suggestions, masking.
//
//   node bench/corpus.mjs <folder> [count=10000] [seed=1] [--findings]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** mulberry32: a small seeded generator, so the same seed writes the same files everywhere. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1', 'ap-south-1', 'ca-central-1'];
const TYPES = ['m4.xlarge', 'm5.2xlarge', 'r4.2xlarge', 'c5.4xlarge', 'm3.2xlarge'];
const TEAMS = ['data-platform', 'analytics', 'ml', 'finance', 'growth', 'search'];
const MISTAKES = [
  (lines) => lines.map((l) => l.replace(/presto_version: "0.180"/, 'presto_version: 0.180')),
  (lines) => lines.map((l) => l.replace(/duration: 120/, 'duration: 90')),
  (lines) => lines.map((l) => l.replace(/blk_volume_type: st1/, 'blk_volume_type: gp3')),
  (lines) => lines.map((l) => l.replace(/max_nodes: (\d+)/, 'max_nodes: 1')),
  (lines) => lines.map((l) => l.replace(/cloud_region: us-east-1/, 'cloud_region: us-east-9')),
  (lines) => lines.map((l) => l.replace(/  slave_request_type:/, '  slave_request_typ:')),
  (lines) => lines.map((l) => l.replace(/blk_volume_size: (\d+)/, 'blk_volume_size: "$1GB"')),
];

export function clusterFile(index, next) {
  const lines = clusterLines(index, next);
  const mistaken = next() < 0.1 ? MISTAKES[Math.floor(next() * MISTAKES.length)](lines) : lines;
  return mistaken.join('\n') + '\n';
}

/** A clean cluster file's lines (the same draws of `next`, in the same order, as ever). */
function clusterLines(index, next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const kind = pick(['hadoop2', 'spark', 'presto', 'airflow']);
  const team = pick(TEAMS);
  const initial = 1 + Math.floor(next() * 4);
  const lines = [
    `# ${kind} cluster ${index} of the ${team} team.`,
    '# Owned by the platform team; changes go through review. Most settings take effect at the',
    '# next restart of the cluster; label changes move commands at once (see the runbook).',
    `# On call: ${team}-oncall@example.com. Cost reports group by the cost-center tag below.`,
    '#',
    '# Changes:',
  ];
  const changes = 6 + Math.floor(next() * 20);
  for (let c = 0; c < changes; c++) {
    const what = pick(['raised max_nodes for the month-end load', 'moved to spot workers with on-demand fallback', 'new subnet after the VPC migration', 'tags for the cost report', 'bigger block volumes for shuffle']);
    lines.push(`#   2026-${String(1 + (c % 12)).padStart(2, '0')}-${String(1 + ((index + c) % 28)).padStart(2, '0')}  ${what}`);
  }
  lines.push('#', `label: [${team}-${kind}-${index}]`);
  if (kind === 'spark') lines.push('spark_version: "2.2-latest"', 'zeppelin_interpreter_mode: user');
  if (kind === 'presto') lines.push('presto_version: "0.180"');
  if (kind !== 'airflow') {
    lines.push('hadoop_settings:', '  use_hadoop2: true');
    if (kind === 'spark') lines.push('  use_spark: true');
    lines.push(
      '  # Hadoop overrides, one key=value a line.',
      '  custom_config: |',
      '    mapreduce.map.memory.mb=3072',
      '    mapreduce.reduce.memory.mb=6144',
      '    mapred.child.java.opts=-Xmx2400m',
      '    mapreduce.job.reduce.slowstart.completedmaps=0.8',
      '    yarn.nodemanager.resource.memory-mb=24576',
      '    dfs.replication=2',
    );
    lines.push('  fairscheduler_settings:', `    default_pool: ${team}`);
  }
  if (kind === 'presto') lines.push('presto_settings:', '  enable_presto: true', '  custom_config: |', '    config.properties:', '    query.max-memory=50GB');
  if (kind === 'spark') lines.push('spark_settings:', '  custom_config: |', '    spark.executor.memory=8g', '    spark.dynamicAllocation.enabled=true');
  lines.push(
    'vm_settings:',
    `  cloud_region: ${pick(REGIONS)}`,
    `  vpc_id: vpc-${(index * 7919).toString(16).padStart(8, '0')}`,
    `  subnet_id: subnet-${(index * 104729).toString(16).padStart(8, '0')},subnet-${(index * 1299709).toString(16).padStart(8, '0')}`,
    '  compute_access_key: ${COMPUTE_ACCESS_KEY}',
    '  compute_secret_key: ${COMPUTE_SECRET_KEY}',
    'node_configuration:',
    `  master_instance_type: ${pick(TYPES)}`,
    `  slave_instance_type: ${kind === 'spark' ? 'm3.2xlarge' : 'm4.xlarge'}`,
    `  initial_nodes: ${initial}`,
    `  max_nodes: ${initial + 2 + Math.floor(next() * 40)}`,
    '  slave_request_type: spot',
    '  spot_instance_settings:',
    '    maximum_bid_price_percentage: 90',
    '    timeout_for_request: 10',
    '    maximum_spot_instance_percentage: 50',
  );
  if (kind === 'spark' || kind === 'hadoop2') {
    lines.push(
      '  heterogeneous_instance_config:',
      '    memory:',
      `      - instance_type: ${kind === 'spark' ? 'm3.2xlarge' : 'm4.xlarge'}`,
      '        weight: 1.0',
      '      - instance_type: r4.2xlarge',
      '        weight: 0.5',
    );
  }
  if (kind !== 'airflow') {
    lines.push('  blk_volume_type: st1', `  blk_volume_size: ${500 + 100 * Math.floor(next() * 5)}`, '  blk_volume_count: 2');
    if (kind !== 'presto') lines.push('  blk_upscaling_config:', '    max_blk_volume_count: 6', '    percent_free_space_threshold: 20', '    sampling_interval: 30', '    sampling_window: 5');
  }
  if (next() < 0.3) lines.push('  spot_block_settings:', '    duration: 120');
  lines.push(
    '  # Tags land on instances, volumes and security groups; finance reads cost-center.',
    '  custom_vm_tags:',
    `    team: ${team}`,
    `    cost-center: cc-${1000 + (index % 97)}`,
    `    environment: ${pick(['prod', 'staging', 'dev'])}`,
    `    owner: ${team}-lead@example.com`,
    `    service: ${team}-${kind}-pipeline`,
    '    data-classification: internal',
    '  idle_cluster_timeout: 2',
  );
  if (kind === 'airflow') lines.push('engine_config:', '  type: airflow', `  dbtap_id: ${1000 + index}`, '  fernet_key: ${AIRFLOW_FERNET_KEY}', '  overrides: |', '    core.parallelism=32', '    scheduler.max_threads=4');
  lines.push('security_settings:', '  encrypted_ephemerals: true', `  persistent_security_groups: ${team}-workers`, 'disallow_cluster_termination: false', 'enable_ganglia_monitoring: true');
  return lines;
}

/** A small integer hash, so that both files of a pair make the same choice whatever else they draw. */
function pairDraw(pair, seed) {
  return random(Math.imul(pair + 1, 0x9e3779b1) ^ seed)();
}

// Advisories: warnings and infos, no errors. Each takes the file's lines and its kind.
const ADVISORIES = [
  // cluster/cooldown-needs-aggressive-downscaling (and, on Presto, cluster/spot-cooldown-unused-by-presto)
  (lines) => insertAfter(lines, /^  idle_cluster_timeout: /, ['  node_base_cooldown_period: 10', '  node_spot_cooldown_period: 15']),
  // security/plaintext-secret, twice
  (lines) => lines.map((l) => l.replace('${COMPUTE_ACCESS_KEY}', 'AKIAIOSFODNN7EXAMPLE').replace('${COMPUTE_SECRET_KEY}', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')),
  // cluster/monitor-enables-ganglia, security/plaintext-secret (cluster/monitor-on-airflow on Airflow)
  (lines) => [...lines, 'monitor_settings:', '  monitor_api_token: 3f0c1e2d4b5a69788796a5b4c3d2e1f0', '  monitor_app_token: ${MONITOR_APP_TOKEN}'],
  // cluster/idle-timeout-zero
  (lines) => lines.map((l) => l.replace(/^  idle_cluster_timeout: 2$/, '  idle_cluster_timeout: 0')),
  // cluster/subnet-id-format, with a fix
  (lines) => lines.map((l) => l.replace(/^  subnet_id: (subnet-\w+),(subnet-\w+)$/, '  subnet_id: "$1, $2,"')),
  // schema/unknown-member, with a suggestion
  (lines) => lines.map((l) => l.replace(/^  encrypted_ephemerals: /, '  encrypted_ephemeral: ')),
];

// Errors that every kind of cluster file can carry.
const ERRORS = [
  (lines) => lines.map((l) => l.replace(/^  cloud_region: [a-z0-9-]+$/, '  cloud_region: us-east-9')), // schema/enum, with a suggestion
  (lines) => lines.map((l) => l.replace(/^  max_nodes: \d+$/, '  max_nodes: 0')), // cluster/max-nodes-below-initial
  (lines) => lines.map((l) => l.replace(/^  initial_nodes: (\d+)$/, '  initial_nodes: "$1"')), // body/number-as-string, with a fix
];

function insertAfter(lines, pattern, added) {
  const at = lines.findIndex((l) => pattern.test(l));
  return at === -1 ? lines : [...lines.slice(0, at + 1), ...added, ...lines.slice(at + 1)];
}

/**
 * A cluster file of the findings-heavy corpus: the clean corpus's file with one to three
 * advisories in nine files of ten, and an error in one of ten. Three files in a hundred share
 * their label with the other file of their pair (repository/duplicate-label, an error in each).
 */
export function findingsFile(index, next, seed = 1) {
  // The clean corpus's own mistakes are left out: this corpus chooses its errors itself.
  let lines = clusterLines(index, next);
  const pair = index >> 1;
  const shared = pairDraw(pair, seed) < 0.03;
  if (shared) lines = lines.map((l) => l.replace(/^label: \[.*\]$/, `label: [shared-${pair}]`));
  else if (next() < 0.07 / 0.97) lines = ERRORS[Math.floor(next() * ERRORS.length)](lines);
  if (next() < 0.9) {
    // One to three different advisories (the same one twice would write a duplicate key).
    const left = [...ADVISORIES];
    const count = 1 + Math.floor(next() * 3);
    for (let i = 0; i < count; i++) lines = left.splice(Math.floor(next() * left.length), 1)[0](lines);
  }
  return lines.join('\n') + '\n';
}

export function writeCorpus(folder, count = 10000, seed = 1, { findings = false } = {}) {
  const next = random(seed);
  mkdirSync(folder, { recursive: true });
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const text = findings ? findingsFile(i, next, seed) : clusterFile(i, next);
    bytes += text.length;
    writeFileSync(join(folder, `cluster-${String(i).padStart(6, '0')}.yaml`), text);
  }
  return bytes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const [folder, count = '10000', seed = '1'] = args.filter((arg) => arg !== '--findings');
  if (!folder) {
    console.error('usage: node bench/corpus.mjs <folder> [count] [seed] [--findings]');
    process.exit(2);
  }
  const bytes = writeCorpus(folder, Number(count), Number(seed), { findings: args.includes('--findings') });
  console.log(`${count} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB, in ${folder}`);
}
