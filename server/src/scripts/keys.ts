// npm run keys: prints the API keys for this DATA_DIR / JWT_SECRET.
import { loadConfig } from '../config.js';
import { loadKeys } from '../keys.js';

const keys = await loadKeys(loadConfig());
console.log(`ANON_KEY=${keys.anonKey}`);
console.log(`SERVICE_ROLE_KEY=${keys.serviceRoleKey}`);
