import { databaseErrorCode } from '../../db/client';

/** The database's error code for a write it refuses (a check constraint, a trigger), or undefined when it takes it. */
export async function refusal(write: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await write();
    return undefined;
  } catch (error) {
    return databaseErrorCode(error);
  }
}
