-- Data as the first release (migration 20261121080000_init) wrote it: a person, a bot and its
-- application (made before applications took their bot's id), a guild with its @everyone role,
-- a channel, messages with a file, a reaction and a pin, an application icon.
INSERT INTO "User" ("id", "username", "passwordHash") VALUES (1001, 'ann', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g');
INSERT INTO "User" ("id", "username", "bot") VALUES (1002, 'helper_bot', true);
-- sha256('first-release-bot-token') and sha256('first-release-client-secret')
INSERT INTO "Application" ("id", "name", "ownerId", "botUserId", "botTokenHash", "clientSecretHash", "redirectUris")
  VALUES (1003, 'Helper', 1001, 1002, 'b55349e07592027629b61b5e63eeb1fe0da4f9b9a3726f2d4d91abcc8e39c71e', '960213dc6250c6e25cb8a8cab317655cba7ea835be76f72e3c5531c36525ed27', ARRAY['https://site.example/callback']);
INSERT INTO "Guild" ("id", "name", "ownerId") VALUES (1004, 'First guild', 1001);
INSERT INTO "Role" ("id", "guildId", "name", "permissions") VALUES (1004, 1004, '@everyone', 1024);
INSERT INTO "Member" ("guildId", "userId") VALUES (1004, 1001), (1004, 1002);
INSERT INTO "Channel" ("id", "type", "guildId", "name", "position") VALUES (1005, 0, 1004, 'general', 0);
INSERT INTO "Message" ("id", "channelId", "guildId", "authorId", "content") VALUES (1006, 1005, 1004, 1001, 'hello from the first release');
INSERT INTO "Message" ("id", "channelId", "guildId", "authorId", "content", "applicationId", "pinned", "pinnedAt")
  VALUES (1007, 1005, 1004, 1002, 'a bot''s answer', 1003, true, '2026-11-22 10:00:00');
INSERT INTO "Attachment" ("id", "messageId", "filename", "contentType", "size", "data") VALUES (1008, 1006, 'notes.txt', 'text/plain', 5, '\x68656c6c6f');
INSERT INTO "Reaction" ("messageId", "userId", "emojiKey", "emojiName") VALUES (1006, 1002, 'u:👍', '👍');
INSERT INTO "Picture" ("ownerId", "hash", "contentType", "data") VALUES (1003, 'iconhash', 'image/png', '\x89504e47');
UPDATE "Channel" SET "lastMessageId" = 1007 WHERE "id" = 1005;
SELECT setval('global_id_seq', 2000);
