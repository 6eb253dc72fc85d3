import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.js';
import { authError } from '../../errors/auth.js';

/** OAuth, SSO and identity linking are not offered: the answers GoTrue gives when they are switched off. */
export function registerDisabled(app: Hono, _deps: AuthDeps) {
  app.get('/authorize', () => {
    throw authError('validation_failed', 'Unsupported provider: provider is not enabled');
  });
  app.get('/callback', () => {
    throw authError('validation_failed', 'Unsupported provider: provider is not enabled');
  });
  app.post('/sso', () => {
    throw authError('saml_provider_disabled');
  });
  app.get('/user/identities/authorize', () => {
    throw authError('manual_linking_disabled');
  });
  app.delete('/user/identities/:id', () => {
    throw authError('manual_linking_disabled');
  });
}
