-- Trigram indexes back the case- and accent-insensitive list searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
