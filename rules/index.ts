import type { Rule } from '../src/types.js';
import computeSettingsTogether from './account/compute-settings-together.js';
import createSuperseded from './account/create-superseded.js';
import flatBody from './account/flat-body.js';
import iamRoleCreate from './account/iam-role-create.js';
import idleClusterTimeoutZero from './account/idle-cluster-timeout-zero.js';
import accountIdleTimeoutInSecsFeature from './account/idle-timeout-in-secs-feature.js';
import notificationEmailList from './account/notification-email-list.js';
import storageKeyNames from './account/storage-key-names.js';
import storageSettingsTogether from './account/storage-settings-together.js';
import ipCidrAllAddresses from './allowlist/ip-cidr-all-addresses.js';
import ipCidrHostBits from './allowlist/ip-cidr-host-bits.js';
import ipCidrSpecialRange from './allowlist/ip-cidr-special-range.js';
import ipCidrSyntax from './allowlist/ip-cidr-syntax.js';
import vendorSpelling from './body/vendor-spelling.js';
import viewBootstrapBody from './bootstrap/view-body.js';
import cloneMaxNodesBelowMin from './clone/max-nodes-below-min.js';
import blkSettingsWithoutVolumes from './cluster/blk-settings-without-volumes.js';
import blkUpscalingKind from './cluster/blk-upscaling-kind.js';
import blkUpscalingMaxCount from './cluster/blk-upscaling-max-count.js';
import blkUpscalingRateDisabled from './cluster/blk-upscaling-rate-disabled.js';
import blkVolumeSizeRange from './cluster/blk-volume-size-range.js';
import cooldownNeedsAggressiveDownscaling from './cluster/cooldown-needs-aggressive-downscaling.js';
import customVmTagCharacters from './cluster/custom-vm-tag-characters.js';
import customVmTagReserved from './cluster/custom-vm-tag-reserved.js';
import fallbackNeedsSpotWorkers from './cluster/fallback-needs-spot-workers.js';
import heterogeneousConfigKind from './cluster/heterogeneous-config-kind.js';
import heterogeneousDuplicateType from './cluster/heterogeneous-duplicate-type.js';
import heterogeneousFirstType from './cluster/heterogeneous-first-type.js';
import heterogeneousFirstWeight from './cluster/heterogeneous-first-weight.js';
import idleTimeoutInSecsFeature from './cluster/idle-timeout-in-secs-feature.js';
import idleTimeoutZero from './cluster/idle-timeout-zero.js';
import masterCompositionConflict from './cluster/master-composition-conflict.js';
import maxNodesBelowInitial from './cluster/max-nodes-below-initial.js';
import spotCooldownUnusedByPresto from './cluster/spot-cooldown-unused-by-presto.js';
import spotInstanceSettingsWithoutSpot from './cluster/spot-instance-settings-without-spot.js';
import plaintextSecret from './security/plaintext-secret.js';

/** Every cross-field rule, in alphabetical order of id. */
export const RULES: readonly Rule[] = [
  computeSettingsTogether,
  createSuperseded,
  flatBody,
  iamRoleCreate,
  idleClusterTimeoutZero,
  accountIdleTimeoutInSecsFeature,
  notificationEmailList,
  storageKeyNames,
  storageSettingsTogether,
  ipCidrAllAddresses,
  ipCidrHostBits,
  ipCidrSpecialRange,
  ipCidrSyntax,
  vendorSpelling,
  viewBootstrapBody,
  cloneMaxNodesBelowMin,
  blkSettingsWithoutVolumes,
  blkUpscalingKind,
  blkUpscalingMaxCount,
  blkUpscalingRateDisabled,
  blkVolumeSizeRange,
  cooldownNeedsAggressiveDownscaling,
  customVmTagCharacters,
  customVmTagReserved,
  fallbackNeedsSpotWorkers,
  heterogeneousConfigKind,
  heterogeneousDuplicateType,
  heterogeneousFirstType,
  heterogeneousFirstWeight,
  idleTimeoutInSecsFeature,
  idleTimeoutZero,
  masterCompositionConflict,
  maxNodesBelowInitial,
  spotCooldownUnusedByPresto,
  spotInstanceSettingsWithoutSpot,
  plaintextSecret,
];
