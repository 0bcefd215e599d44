import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files kept beside the database (profile pictures) in a folder, by relative key. Writes go to a
 * temporary name first and are renamed, so a reader never sees half a file.
 */
export function fileStore(root: string) {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`invalid file key ${key}`);
    return file;
  };
  return {
    async write(key: string, data: Buffer) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async read(key: string): Promise<Buffer | undefined> {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async removeFolder(key: string) {
      await rm(resolve(key), { recursive: true, force: true });
    },
  };
}

export type FileStore = ReturnType<typeof fileStore>;
