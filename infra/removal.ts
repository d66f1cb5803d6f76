/** How an environment's stateful resources behave when the stack (or the resource) is deleted. */
import { RemovalPolicy } from 'aws-cdk-lib';
import type { Environment } from './environments';

export function removalPolicy(env: Environment): RemovalPolicy {
  return env.removalPolicy === 'retain' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

/** Deletion protection goes with retention: an environment whose data we keep must not lose it to one API call. */
export function deletionProtection(env: Environment): boolean {
  return env.removalPolicy === 'retain';
}
