import { inject } from 'vitest';
import { ensureDatabase, workerDatabaseUrl } from './support/postgres';

// Each worker's own PostgreSQL database (`workerDatabaseUrl`), made on its first file: files run at once.
if (inject('withPostgres')) await ensureDatabase(workerDatabaseUrl());
