import { Amplify } from 'aws-amplify';
import 'aws-amplify/auth/enable-oauth-listener';
import type { RuntimeConfig } from '../../contract/runtimeConfig';
import { toAmplifyConfig } from './amplifyConfig';

export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure(toAmplifyConfig(config));
}
