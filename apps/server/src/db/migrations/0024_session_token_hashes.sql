-- Session tokens are stored as their hex SHA-256 (modules/auth/hashed-session-tokens.ts): the
-- rows already there are converted in place, so whoever is signed in stays signed in.
UPDATE "auth_sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
