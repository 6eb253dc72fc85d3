/**
 * Checksums of migration files as earlier releases applied them, which this release accepts for the file it ships
 * under the same version (and records the new one in their place). Only for edits that change no schema: moving
 * seed rows out to supabase/seed.sql (docs/decisions/0174). Any other edit of an applied migration still refuses to
 * start (MigrationChangedError): put schema changes in a new migration.
 */
export const ACCEPTED_OLD_CHECKSUMS: Readonly<Record<string, readonly string[]>> = {
  // issue 45: the plans catalogue rows moved to supabase/seed.sql
  '0013': ['fbda47d0ccb655b29d4deb8222580e6a9166dada09d24ed3da9cd20540bb8d73'],
  // issue 45: the integrations catalogue rows moved to supabase/seed.sql
  '0016': ['7effde8cb340a4c868738df6d910fb02f26460f3ee54047a80819d7d97e818e3'],
};
