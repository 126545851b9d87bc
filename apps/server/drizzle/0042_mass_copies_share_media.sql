-- A mass message's copies show its own media (mass_message_media): the rows each copy held are not needed.
DELETE FROM "message_media" AS mm USING "messages" AS m WHERE m."id" = mm."message_id" AND m."mass_message_id" IS NOT NULL;
