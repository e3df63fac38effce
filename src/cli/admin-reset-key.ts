import { loadConfig } from '../config/index.ts';
import { systemContext } from '../platform/context.ts';
import { openConfiguredDatabase } from '../platform/db/open.ts';
import { privateDirs, repairPrivateModes, restrictNewFiles } from '../platform/private-files.ts';
import { resetAdminKey } from '../modules/users/index.ts';
import { composeModules } from '../composition.ts';

/** `ctxhub admin reset-key --email E`: for an administrator who lost their key. */
export async function adminResetKey(options: { email: string }): Promise<void> {
  composeModules();
  restrictNewFiles();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  repairPrivateModes(privateDirs(config));
  try {
    const issued = await resetAdminKey({ ctx: systemContext(database, config, 'console'), input: options });
    const minutes = Math.round(config.oneTimeTokenTtlSeconds / 60);
    process.stdout.write(
      `All keys of ${options.email} are revoked. Start the server, then open this link once within ${minutes} minutes:\n\n` +
        `  ${issued.url}\n\n` +
        (config.publicUrlFromListenAddress
          ? `The address is this command's HOST and PORT (SERVICE_PUBLIC_URL is not set): if the server runs elsewhere, use its address instead of ${config.publicUrl}.\n`
          : ''),
    );
  } finally {
    await database.close();
  }
}
