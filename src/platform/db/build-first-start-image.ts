import { repairPrivateModes, restrictNewFiles } from '../private-files.ts';
import { IMAGE_DIR, imageIsCurrent, writeImage } from './first-start-image.ts';

/**
 * Run by the build (scripts/build.js, compiled to dist/first-start-image.js): makes the
 * first-start image when there is none made from the installed PGlite and the current
 * migrations. Quick when the image is current: PGlite is loaded only to make one.
 */
if (!imageIsCurrent()) {
  restrictNewFiles(); // the image's files are its user's alone, as a data directory's are
  const started = Date.now();
  const { newPglite, wrapPglite } = await import('./client.ts');
  const made = await writeImage(async (dir) => {
    const database = await wrapPglite(newPglite(dir));
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    // PGlite writes initdb's files with mode 0666 whatever the umask: copies start private.
    repairPrivateModes([dir]);
  });
  if (made) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(`ctxhub: made the first-start database image in ${seconds} s (${IMAGE_DIR})\n`);
  }
}
