import { Command } from 'commander';
import { ConfigError } from '../config/index.ts';
import { DataDirLockedError } from '../platform/db/data-dir-lock.ts';
import { AppError } from '../platform/http/errors.ts';
import { adminResetKey } from './admin-reset-key.ts';

const program = new Command()
  .name('ctxhub')
  .description('Shared, governed project memory for teams of coding assistants');

program
  .command('serve', { isDefault: true })
  .description('Run the ctxhub server (PGlite in SERVICE_DATA_DIR, or PostgreSQL with DATABASE_URL)')
  .action(async () => {
    const { serve } = await import('../main.ts');
    await serve();
  });

program
  .command('admin')
  .description('Server console commands (run on the server machine)')
  .command('reset-key')
  .description(
    "Revoke a server administrator's keys and print a one-time link to a new one (server stopped, for PGlite)",
  )
  .requiredOption('--email <email>', "the administrator's e-mail")
  .action(adminResetKey);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof AppError) {
    process.stderr.write(`ctxhub: ${err.message}\n`);
  } else {
    process.stderr.write(`ctxhub: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
}
