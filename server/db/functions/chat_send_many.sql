-- chat_send_many: a batch of chat messages in one statement (docs/database.md, decisions 007 and
-- 043). Every message of a chat is written here: the batched sends (send-batch.repository.ts
-- storeSend) and, one at a time inside their own transaction, offers, counters and deal lines
-- (writeMessage, p_lock_cursors false).
-- This file is the function's only body. The migrator (server/db/repeatable.ts) applies it after
-- the numbered migrations whenever its text changed, dropping the earlier definition first, so a
-- change of arguments or columns is made here and nowhere else. Migrations 0007 ... 0028 hold
-- earlier bodies as history.
CREATE OR REPLACE FUNCTION "chat_send_many"(
  "p_chat_id" text[], "p_sender_id" uuid[], "p_client_id" text[], "p_type" text[], "p_text" text[],
  "p_offer_price" integer[], "p_last_message" text[], "p_notice_type" text[], "p_notice_text" text[],
  "p_photo_key" text[], "p_photo_width" integer[], "p_photo_height" integer[], "p_scam_signals" text[],
  "p_scam_kind" text[], "p_look_back_since" timestamptz[], "p_look_back_count" integer[],
  "p_lock_cursors" boolean DEFAULT true
) RETURNS TABLE (
  "send" integer, "is_chat_found" boolean, "is_member" boolean, "members" text[],
  "message_id" uuid, "message_created_at" timestamptz,
  "notification_id" uuid, "recipient_id" uuid, "notification_text" text, "item_id" uuid,
  "recruitment_post_id" uuid, "notification_created_at" timestamptz,
  "unread" integer, "unread_messages" integer, "about" text, "earlier_texts" text[],
  "earlier_messages" integer, "is_new_contact" boolean, "earlier_scam_kinds" text[]
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  k integer;
  pair_key bigint;
BEGIN
  -- The lock of each pair (sender, other member), shared, in key order: sends never wait on each
  -- other; a block waits for the sends under way, and later sends wait for the block. Taken before
  -- any row lock, since a block holding its pair's lock goes on to lock the two students' live
  -- cursors, which a send locks below. The pairs are found from the batch's chats through the
  -- chat_members key.
  FOREACH pair_key IN ARRAY array(
    SELECT DISTINCT user_pair_lock_key(s.sender_id, m.user_id)
    FROM chat_members m
      JOIN unnest(p_chat_id, p_sender_id) AS s (chat_id, sender_id)
        ON s.chat_id = m.chat_id AND m.user_id <> s.sender_id
    WHERE m.chat_id = ANY(p_chat_id)
    ORDER BY 1
  ) LOOP
    PERFORM pg_advisory_xact_lock_shared(pair_key);
  END LOOP;
  PERFORM 1 FROM chats WHERE id = ANY(p_chat_id) ORDER BY id FOR NO KEY UPDATE;
  -- A batch locks its members' live cursors here, in order, before its second statement appends
  -- their events. A write inside a longer transaction (an offer, a deal line) leaves them to the
  -- append at its end, which takes them all in one order: held from here, they would deadlock
  -- with a batch that holds a chat the transaction writes to later.
  IF p_lock_cursors THEN
    PERFORM 1 FROM live_cursors
      WHERE user_id = ANY(array(SELECT m.user_id FROM chat_members m WHERE m.chat_id = ANY(p_chat_id)))
      ORDER BY user_id FOR UPDATE;
  END IF;
  FOR k IN 1 .. coalesce(cardinality(p_chat_id), 0) LOOP
    RETURN QUERY
    WITH chat AS (
      SELECT c.id, c.kind, c.item_id, c.item_name, c.recruitment_post_id, c.recruitment_purpose,
        array(SELECT m.user_id FROM chat_members m WHERE m.chat_id = c.id ORDER BY m.user_id) AS members
      FROM chats c WHERE c.id = p_chat_id[k]
    ), allowed AS (
      SELECT chat.*, (SELECT u FROM unnest(chat.members) u WHERE u <> p_sender_id[k] LIMIT 1) AS recipient_id
      FROM chat WHERE p_sender_id[k] = ANY(chat.members)
        -- A deal line ('This item is now reserved.') is the app's, not the seller's words: a block
        -- does not keep it out of the chat.
        AND (p_type[k] = 'system' OR NOT EXISTS (
          SELECT 1 FROM user_blocks b, unnest(chat.members) other
          WHERE other <> p_sender_id[k]
            AND ((b.blocker_id = p_sender_id[k] AND b.blocked_id = other)
              OR (b.blocker_id = other AND b.blocked_id = p_sender_id[k]))
        ))
    ), earlier AS (
      -- The scam guard's look-back (trust/scam-guard.ts): the sender's newest texts in the chat since
      -- p_look_back_since, at most p_look_back_count, oldest first; read before this send's insert,
      -- after those of the batch's earlier sends. On the messages' (chat, created) index.
      SELECT array(
        SELECT t.text FROM (
          SELECT m.text, m.created_at, m.id FROM messages m
          WHERE m.chat_id = p_chat_id[k] AND m.created_at > p_look_back_since[k]
            AND m.sender_id = p_sender_id[k] AND m.type IN ('text', 'recruitment_inquiry')
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT p_look_back_count[k]
        ) t ORDER BY t.created_at, t.id
      ) AS texts
      WHERE p_look_back_since[k] IS NOT NULL AND EXISTS (SELECT 1 FROM allowed)
    ), newcomer AS (
      -- For the scam guard's newcomer rule (trust/scam-guard.service isNewcomerMessage), read with the
      -- look-back: how many messages the sender wrote in the chat before this one (up to 3), and
      -- whether the two members had no chat before this one (chats.repository hasEarlierChatBetween).
      SELECT
        (SELECT count(*)::int FROM (
          SELECT 1 FROM messages m
          WHERE m.chat_id = p_chat_id[k] AND m.sender_id = p_sender_id[k] AND m.type <> 'system'
          LIMIT 3
        ) w) AS earlier_messages,
        NOT EXISTS (
          SELECT 1 FROM chat_members mine
            JOIN chat_members theirs ON theirs.chat_id = mine.chat_id AND theirs.user_id = a.recipient_id
            JOIN chats c ON c.id = mine.chat_id
            JOIN chats cur ON cur.id = p_chat_id[k]
          WHERE mine.user_id = p_sender_id[k] AND (c.created_at, c.id) < (cur.created_at, cur.id)
        ) AS is_new_contact
      FROM allowed a
      WHERE p_look_back_since[k] IS NOT NULL
    ), flags AS (
      -- The kinds of the sender's earlier flagged messages in the chat, oldest first: whether this
      -- one is the first of its kind, their first flag, or their second (partial index on scam_kind).
      SELECT array(
        SELECT m.scam_kind FROM messages m
        WHERE m.chat_id = p_chat_id[k] AND m.sender_id = p_sender_id[k] AND m.scam_kind IS NOT NULL
        ORDER BY m.created_at, m.id
      ) AS kinds
      WHERE p_type[k] <> 'system' AND EXISTS (SELECT 1 FROM allowed)
    ), inserted AS (
      INSERT INTO messages (chat_id, sender_id, client_id, type, text, offer_price, photo_key, photo_width,
        photo_height, scam_signals, scam_kind, created_at)
      SELECT allowed.id, p_sender_id[k], p_client_id[k], p_type[k], p_text[k], p_offer_price[k],
        p_photo_key[k], p_photo_width[k], p_photo_height[k],
        coalesce(string_to_array(nullif(p_scam_signals[k], ''), ','), '{}'), p_scam_kind[k], clock_timestamp()
      FROM allowed
      ON CONFLICT DO NOTHING
      RETURNING id, chat_id, sender_id, offer_price, created_at
    ), meta AS (
      -- The chat's latest message only moves forward: of two sends committing in either order,
      -- the newer message wins.
      UPDATE chats
      SET last_message = p_last_message[k], last_sender_id = inserted.sender_id, updated_at = inserted.created_at
      FROM inserted
      WHERE chats.id = inserted.chat_id AND chats.updated_at <= inserted.created_at
    ), noted AS (
      INSERT INTO notifications (user_id, type, text, chat_id, item_id, recruitment_post_id, from_user_id, offer_price, created_at)
      SELECT a.recipient_id, p_notice_type[k], p_notice_text[k],
        i.chat_id, a.item_id, a.recruitment_post_id, i.sender_id, i.offer_price, i.created_at
      FROM inserted i CROSS JOIN allowed a
      WHERE a.recipient_id IS NOT NULL AND p_notice_type[k] IS NOT NULL
      RETURNING id, user_id, type, text, item_id, recruitment_post_id, created_at
    )
    SELECT k, EXISTS (SELECT 1 FROM chat), EXISTS (SELECT 1 FROM allowed),
      (SELECT a.members::text[] FROM allowed a),
      i.id, i.created_at,
      n.id, n.user_id, n.text, n.item_id, n.recruitment_post_id, n.created_at,
      u.unread + 1, u.unread_messages + (n.type = 'message')::int,
      (SELECT CASE WHEN a.kind = 'recruitment' THEN coalesce(a.recruitment_purpose, a.item_name) ELSE a.item_name END
        FROM allowed a),
      (SELECT e.texts FROM earlier e),
      (SELECT w.earlier_messages FROM newcomer w), (SELECT w.is_new_contact FROM newcomer w),
      (SELECT f.kinds FROM flags f)
    FROM (VALUES (1)) AS one (x) LEFT JOIN inserted i ON true LEFT JOIN noted n ON true
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS unread, (count(*) FILTER (WHERE x.type = 'message'))::int AS unread_messages
        FROM notifications x WHERE x.user_id = n.user_id AND NOT x.is_read
      ) u ON n.id IS NOT NULL;
  END LOOP;
END
$$;
