import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.js';
import { authError } from '../errors.js';

/** OAuth, SSO and identity linking are not offered: the answers GoTrue gives when they are switched off. */
export function registerDisabled(app: Hono, _deps: AuthDeps) {
  app.get('/authorize', () => {
    throw authError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  });
  app.get('/callback', () => {
    throw authError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  });
  app.post('/sso', () => {
    throw authError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  });
  app.get('/user/identities/authorize', () => {
    throw authError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  });
  app.delete('/user/identities/:id', () => {
    throw authError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  });
}
