import type { Rule, Severity } from '../src/types.js';
import type { StageRule } from '../src/define-rule.js';
import computeSettingsTogether from './account/compute-settings-together.js';
import createSuperseded from './account/create-superseded.js';
import flatBody from './account/flat-body.js';
import iamRoleCreate from './account/iam-role-create.js';
import idleClusterTimeoutZero from './account/idle-cluster-timeout-zero.js';
import idleSessionTimeoutZero from './account/idle-session-timeout-zero.js';
import accountIdleTimeoutInSecsFeature from './account/idle-timeout-in-secs-feature.js';
import notificationEmailList from './account/notification-email-list.js';
import storageKeyNames from './account/storage-key-names.js';
import storageSettingsTogether from './account/storage-settings-together.js';
import deleteIds from './allowlist/delete-ids.js';
import ipCidrAllAddresses from './allowlist/ip-cidr-all-addresses.js';
import ipCidrHostBits from './allowlist/ip-cidr-host-bits.js';
import ipCidrSpecialRange from './allowlist/ip-cidr-special-range.js';
import ipCidrSyntax from './allowlist/ip-cidr-syntax.js';
import vendorSpelling from './body/vendor-spelling.js';
import viewBootstrapBody from './bootstrap/view-body.js';
import cloneClusterIdPath from './clone/cluster-id-path.js';
import cloneMaxNodesBelowMin from './clone/max-nodes-below-min.js';
import airflowOnlySettings from './cluster/airflow-only-settings.js';
import availabilityZoneInVpc from './cluster/availability-zone-in-vpc.js';
import bastionWithoutSubnet from './cluster/bastion-without-subnet.js';
import blkSettingsWithoutVolumes from './cluster/blk-settings-without-volumes.js';
import blkUpscalingKind from './cluster/blk-upscaling-kind.js';
import blkUpscalingMaxCount from './cluster/blk-upscaling-max-count.js';
import blkUpscalingRateDisabled from './cluster/blk-upscaling-rate-disabled.js';
import blkVolumeSizeRange from './cluster/blk-volume-size-range.js';
import computeCredsWithRole from './cluster/compute-creds-with-role.js';
import conflictingKind from './cluster/conflicting-kind.js';
import cooldownNeedsAggressiveDownscaling from './cluster/cooldown-needs-aggressive-downscaling.js';
import customVmTagCharacters from './cluster/custom-vm-tag-characters.js';
import customVmTagReserved from './cluster/custom-vm-tag-reserved.js';
import dedicatedTenancyNeedsVpc from './cluster/dedicated-tenancy-needs-vpc.js';
import deprecatedSparkVersion from './cluster/deprecated-spark-version.js';
import editEffect from './cluster/edit-effect.js';
import engineTypeUnseen from './cluster/engine-type-unseen.js';
import fairschedulerXml from './cluster/fairscheduler-xml.js';
import fallbackNeedsSpotWorkers from './cluster/fallback-needs-spot-workers.js';
import fernetKeyFormat from './cluster/fernet-key-format.js';
import heterogeneousConfigKind from './cluster/heterogeneous-config-kind.js';
import heterogeneousDuplicateType from './cluster/heterogeneous-duplicate-type.js';
import heterogeneousFirstType from './cluster/heterogeneous-first-type.js';
import heterogeneousFirstWeight from './cluster/heterogeneous-first-weight.js';
import hiveSettingsHadoop2Only from './cluster/hive-settings-hadoop2-only.js';
import idleTimeoutInSecsFeature from './cluster/idle-timeout-in-secs-feature.js';
import idleTimeoutZero from './cluster/idle-timeout-zero.js';
import labelEmpty from './cluster/label-empty.js';
import masterCompositionConflict from './cluster/master-composition-conflict.js';
import masterElasticIpFormat from './cluster/master-elastic-ip-format.js';
import maxNodesBelowInitial from './cluster/max-nodes-below-initial.js';
import monitorEnablesGanglia from './cluster/monitor-enables-ganglia.js';
import monitorOnAirflow from './cluster/monitor-on-airflow.js';
import overrideLineFormat from './cluster/override-line-format.js';
import persistentSecurityGroupId from './cluster/persistent-security-group-id.js';
import prestoVersionMissing from './cluster/presto-version-missing.js';
import spotCooldownUnusedByPresto from './cluster/spot-cooldown-unused-by-presto.js';
import spotInstanceSettingsWithoutSpot from './cluster/spot-instance-settings-without-spot.js';
import sshPublicKeyBlob from './cluster/ssh-public-key-blob.js';
import sshPublicKeyDss from './cluster/ssh-public-key-dss.js';
import sshPublicKeyFormat from './cluster/ssh-public-key-format.js';
import subnetIdFormat from './cluster/subnet-id-format.js';
import v12Envelope from './cluster/v12-envelope.js';
import versionKindMismatch from './cluster/version-kind-mismatch.js';
import versionRequired from './cluster/version-required.js';
import zeppelinModeSparkOnly from './cluster/zeppelin-mode-spark-only.js';
import parseEncoding from './parse/encoding.js';
import parseLimit from './parse/limit.js';
import parseLineBreak from './parse/line-break.js';
import parseSyntax from './parse/syntax.js';
import parseWarning from './parse/warning.js';
import schemaEnum from './schema/enum.js';
import schemaLength from './schema/length.js';
import schemaRange from './schema/range.js';
import schemaRequired from './schema/required.js';
import schemaType from './schema/type.js';
import schemaUnique from './schema/unique.js';
import schemaUnknownMember from './schema/unknown-member.js';
import plaintextSecret from './security/plaintext-secret.js';
import yamlDuplicateKey from './yaml/duplicate-key.js';
import yamlUnquotedString from './yaml/unquoted-string.js';
import yamlYaml11Ambiguous from './yaml/yaml11-ambiguous.js';
import bodyBooleanAsString from './body/boolean-as-string.js';
import bodyNumberAsString from './body/number-as-string.js';
import directiveReason from './directive/reason.js';
import directiveUnknownRule from './directive/unknown-rule.js';
import directiveUnused from './directive/unused.js';
import operationContentType from './operation/content-type.js';
import operationEnvelopeMember from './operation/envelope-member.js';
import operationInferred from './operation/inferred.js';
import operationUnexpectedBody from './operation/unexpected-body.js';
import operationUnknown from './operation/unknown.js';
import operationUnresolved from './operation/unresolved.js';
import repositoryBootstrapOverride from './repository/bootstrap-override.js';
import repositoryDuplicateAllowListEntry from './repository/duplicate-allow-list-entry.js';
import repositoryDuplicateLabel from './repository/duplicate-label.js';
import repositoryIdleTimeoutOverride from './repository/idle-timeout-override.js';

/** Every cross-field rule, in alphabetical order of id. */
export const RULES: readonly Rule[] = [
  computeSettingsTogether,
  createSuperseded,
  flatBody,
  iamRoleCreate,
  idleClusterTimeoutZero,
  idleSessionTimeoutZero,
  accountIdleTimeoutInSecsFeature,
  notificationEmailList,
  storageKeyNames,
  storageSettingsTogether,
  deleteIds,
  ipCidrAllAddresses,
  ipCidrHostBits,
  ipCidrSpecialRange,
  ipCidrSyntax,
  vendorSpelling,
  viewBootstrapBody,
  cloneClusterIdPath,
  cloneMaxNodesBelowMin,
  airflowOnlySettings,
  availabilityZoneInVpc,
  bastionWithoutSubnet,
  blkSettingsWithoutVolumes,
  blkUpscalingKind,
  blkUpscalingMaxCount,
  blkUpscalingRateDisabled,
  blkVolumeSizeRange,
  computeCredsWithRole,
  conflictingKind,
  cooldownNeedsAggressiveDownscaling,
  customVmTagCharacters,
  customVmTagReserved,
  dedicatedTenancyNeedsVpc,
  deprecatedSparkVersion,
  editEffect,
  engineTypeUnseen,
  fairschedulerXml,
  fallbackNeedsSpotWorkers,
  fernetKeyFormat,
  heterogeneousConfigKind,
  heterogeneousDuplicateType,
  heterogeneousFirstType,
  heterogeneousFirstWeight,
  hiveSettingsHadoop2Only,
  idleTimeoutInSecsFeature,
  idleTimeoutZero,
  labelEmpty,
  masterCompositionConflict,
  masterElasticIpFormat,
  maxNodesBelowInitial,
  monitorEnablesGanglia,
  monitorOnAirflow,
  overrideLineFormat,
  persistentSecurityGroupId,
  prestoVersionMissing,
  spotCooldownUnusedByPresto,
  spotInstanceSettingsWithoutSpot,
  sshPublicKeyBlob,
  sshPublicKeyDss,
  sshPublicKeyFormat,
  subnetIdFormat,
  v12Envelope,
  versionKindMismatch,
  versionRequired,
  zeppelinModeSparkOnly,
  plaintextSecret,
];

/**
 * Every rule a stage of the engine reports (parser, operation resolution, schema, YAML pitfalls,
 * directives, the checks across files), in alphabetical order of id: each file holds the rule's
 * docs, messages and cases; its stage computes the findings.
 */
export const STAGE_RULES: readonly StageRule[] = [
  bodyBooleanAsString,
  bodyNumberAsString,
  directiveReason,
  directiveUnknownRule,
  directiveUnused,
  operationContentType,
  operationEnvelopeMember,
  operationInferred,
  operationUnexpectedBody,
  operationUnknown,
  operationUnresolved,
  parseEncoding,
  parseLimit,
  parseLineBreak,
  parseSyntax,
  parseWarning,
  repositoryBootstrapOverride,
  repositoryDuplicateAllowListEntry,
  repositoryDuplicateLabel,
  repositoryIdleTimeoutOverride,
  schemaEnum,
  schemaLength,
  schemaRange,
  schemaRequired,
  schemaType,
  schemaUnique,
  schemaUnknownMember,
  yamlDuplicateKey,
  yamlUnquotedString,
  yamlYaml11Ambiguous,
];

/** What every rule id has, built-in or cross-field: for listings, `explain`, SARIF and config checks. */
export interface RuleInfo {
  id: string;
  severity: Severity;
  docs: { summary: string; rationale: string; fix: string };
  /** Its findings may carry a fix `--fix` makes. */
  fixable?: boolean;
  /** Its findings may carry suggestions. */
  hasSuggestions?: boolean;
}

/** Every rule id dplint can report, sorted by id. */
export const ALL_RULES: readonly RuleInfo[] = [...STAGE_RULES, ...RULES].sort((a, b) => (a.id < b.id ? -1 : 1));

const BY_ID = new Map(ALL_RULES.map((rule) => [rule.id, rule]));

export function findRule(id: string): RuleInfo | undefined {
  return BY_ID.get(id);
}
