import type { ClusterKind } from '../../src/types.js';

export interface KindMarker {
  kind: Exclude<ClusterKind, 'unknown'>;
  path: string[];
}

/**
 * The markers in an edit-cluster body that say what kind of cluster it configures (spec 4.11.3:
 * "use_hadoop2 … true required for Hadoop 2 clusters", "use_spark … true required for Spark
 * clusters"; presto_settings.enable_presto; engine_config.type). An edit is a partial body, so a
 * body without markers is `unknown`, not Hadoop 1: only `use_hadoop2: false` with nothing else says Hadoop 1.
 */
export function kindMarkers(body: unknown): KindMarker[] {
  const markers: KindMarker[] = [];
  const hadoop = member(body, 'hadoop_settings');
  if (member(hadoop, 'use_spark') === true) markers.push({ kind: 'spark', path: ['hadoop_settings', 'use_spark'] });
  if (member(hadoop, 'use_hadoop2') === true) markers.push({ kind: 'hadoop2', path: ['hadoop_settings', 'use_hadoop2'] });
  if (member(member(body, 'presto_settings'), 'enable_presto') === true) markers.push({ kind: 'presto', path: ['presto_settings', 'enable_presto'] });
  const engine = member(member(body, 'engine_config'), 'type');
  if (engine === 'airflow' || engine === 'hadoop2') markers.push({ kind: engine, path: ['engine_config', 'type'] });
  return markers;
}

/**
 * The kinds that run on Hadoop 2, so a Hadoop 2 marker beside theirs is no second kind: Spark runs
 * on Hadoop 2, and real Presto bodies send `use_hadoop2: true` too (a Presto cluster create posted
 * to the v1.3 API by vihag/terraform-provider-qubole).
 */
export const ON_HADOOP2: ReadonlySet<ClusterKind> = new Set(['spark', 'presto']);

/** One kind, or `unknown` when there is no marker or they disagree (a Hadoop 2 marker beside a kind of {@link ON_HADOOP2} is that kind). */
export function clusterKind(body: unknown): ClusterKind {
  // The markers' kinds read in one pass, no set of them built: every edit-cluster body asks.
  let other: KindMarker['kind'] | undefined;
  let hadoop2 = false;
  for (const { kind } of kindMarkers(body)) {
    if (kind === 'hadoop2') hadoop2 = true;
    else if (other === undefined) other = kind;
    else if (other !== kind) return 'unknown';
  }
  if (other !== undefined) return hadoop2 && !ON_HADOOP2.has(other) ? 'unknown' : other;
  if (hadoop2) return 'hadoop2';
  if (member(member(body, 'hadoop_settings'), 'use_hadoop2') === false) return 'hadoop1';
  if (prestoByVersion(body)) return 'presto';
  return 'unknown';
}

/**
 * `presto_version` alone marks a Presto cluster, as `enable_presto` does: spec 4.11 gives it as
 * "mandatory, Presto clusters only". It decides only where no other marker says the kind: beside
 * `use_spark` it is a version on the wrong kind (cluster/version-kind-mismatch), not a second kind.
 */
function prestoByVersion(body: unknown): boolean {
  const version = member(body, 'presto_version');
  return version !== undefined && version !== null;
}

const KIND_NAMES: Record<ClusterKind, string> = {
  hadoop1: 'Hadoop 1',
  hadoop2: 'Hadoop 2',
  spark: 'Spark',
  presto: 'Presto',
  airflow: 'Airflow',
  unknown: 'unknown',
};

/** The kinds known not to be Hadoop 2 or Spark, said with the marker that shows it (for features of Hadoop 2 and Spark clusters only). */
export const KNOWN_NON_HADOOP2_KINDS: Readonly<Record<string, string>> = {
  hadoop1: 'a Hadoop 1 cluster (hadoop_settings.use_hadoop2 is false)',
  presto: 'a Presto cluster (presto_settings.enable_presto is true)',
  airflow: 'an Airflow cluster (engine_config.type is airflow)',
};

/** KNOWN_NON_HADOOP2_KINDS for a body: a Presto cluster named by the marker that makes it one. */
export function knownNonHadoop2Kind(body: unknown, kind: ClusterKind): string | undefined {
  if (!Object.hasOwn(KNOWN_NON_HADOOP2_KINDS, kind)) return undefined;
  if (kind === 'presto' && member(member(body, 'presto_settings'), 'enable_presto') !== true) return 'a Presto cluster (presto_version is set, and it is for Presto clusters only)';
  return KNOWN_NON_HADOOP2_KINDS[kind];
}

/** The kind as the spec names it: "Hadoop 2", "Spark". */
export function kindName(kind: ClusterKind): string {
  return KIND_NAMES[kind];
}

function member(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}
