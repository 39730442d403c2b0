#!/usr/bin/env node
// How long `validate` takes on a typical cluster body after the first call: run after
// `npm run build` (it measures dist/), with `npm run bench`. Not part of `npm test`: timings
// depend on the machine.
import { performance } from 'node:perf_hooks';
import { validate } from '../dist/src/index.js';

const body = {
  label: ['etl-nightly'],
  spark_version: '2.2-latest',
  vm_settings: { compute_access_key: '${COMPUTE_ACCESS_KEY}', compute_secret_key: '${COMPUTE_SECRET_KEY}', cloud_region: 'us-east-1' },
  node_configuration: {
    master_instance_type: 'm3.xlarge',
    slave_instance_type: 'm3.xlarge',
    initial_nodes: 2,
    max_nodes: 10,
    slave_request_type: 'spot',
    spot_instance_settings: { maximum_bid_price_percentage: 80.0, timeout_for_request: 10, maximum_spot_instance_percentage: 50 },
    blk_volume_type: 'ssd',
    blk_volume_size: 100,
    blk_volume_count: 2,
    idle_cluster_timeout: 2,
    custom_vm_tags: { team: 'data', 'cost-center': '4711' },
  },
};

let start = performance.now();
const first = validate('edit-cluster', body);
const firstMs = performance.now() - start;
if (!first.valid) throw new Error(`the bench body should be valid:\n${JSON.stringify(first.findings, null, 2)}`);

for (let i = 0; i < 2_000; i++) validate('edit-cluster', body);
const rounds = 5;
const iterations = 20_000;
const perCall = [];
for (let round = 0; round < rounds; round++) {
  start = performance.now();
  for (let i = 0; i < iterations; i++) validate('edit-cluster', body);
  perCall.push(((performance.now() - start) * 1000) / iterations);
}
perCall.sort((a, b) => a - b);
console.log(`first call (loads the validator and rules): ${firstMs.toFixed(1)} ms`);
console.log(`validate('edit-cluster', typical body): ${perCall[Math.floor(rounds / 2)].toFixed(1)} µs/call (median of ${rounds} rounds of ${iterations}; best ${perCall[0].toFixed(1)} µs; ${first.findings.length} findings)`);
