-- Chat sends store rows and return rows: the API's shapes (message, notification, live frames) are
-- built by the server's mappers, so a field added to a message or a frame needs no new function.
-- The send limit is counted by the rate limiter and the live events are numbered by the server's
-- appendLiveEvents, both in the same transaction, so neither is copied here.
-- Each send, in the order given (later sends see earlier ones): the membership check, the message
-- (the unique (sender, client id) index drops a retry), the chat's meta, and the notification to
-- the other member with both badge counts. A message is stamped with the clock, not the
-- transaction's start, so the messages of one batch keep their order in the thread.
DROP FUNCTION "chat_send_many"(
  text[], uuid[], text[], text[], text[], integer[], text[], text[], text[], boolean[], text[], integer[], integer[]
);
--> statement-breakpoint
CREATE FUNCTION "chat_send_many"(
  "p_chat_id" text[], "p_sender_id" uuid[], "p_client_id" text[], "p_type" text[], "p_text" text[],
  "p_offer_price" integer[], "p_last_message" text[], "p_notice_type" text[], "p_notice_text" text[],
  "p_is_about_appended" boolean[]
) RETURNS TABLE (
  "send" integer, "is_chat_found" boolean, "is_member" boolean, "members" text[],
  "message_id" uuid, "message_created_at" timestamptz,
  "notification_id" uuid, "recipient_id" uuid, "notification_text" text, "item_id" uuid,
  "recruitment_post_id" uuid, "notification_created_at" timestamptz,
  "unread" integer, "unread_messages" integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k integer;
BEGIN
  -- The rows a batch will change are locked first, in one order (chats, then live counters, each
  -- by key; the send counters were locked before, by the rate limiter's count): two batches at
  -- once wait for each other rather than deadlock. What each send then reads (the unread counts)
  -- includes whatever committed before the batch got its locks.
  PERFORM 1 FROM chats WHERE id = ANY(p_chat_id) ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM live_cursors
    WHERE user_id = ANY(array(SELECT m.user_id FROM chat_members m WHERE m.chat_id = ANY(p_chat_id)))
    ORDER BY user_id FOR UPDATE;
  FOR k IN 1 .. coalesce(cardinality(p_chat_id), 0) LOOP
    RETURN QUERY
    WITH chat AS (
      SELECT c.id, c.kind, c.item_id, c.item_name, c.recruitment_post_id, c.recruitment_purpose,
        array(SELECT m.user_id FROM chat_members m WHERE m.chat_id = c.id ORDER BY m.user_id) AS members
      FROM chats c WHERE c.id = p_chat_id[k]
    ), allowed AS (
      SELECT chat.*, (SELECT u FROM unnest(chat.members) u WHERE u <> p_sender_id[k] LIMIT 1) AS recipient_id
      FROM chat WHERE p_sender_id[k] = ANY(chat.members)
    ), inserted AS (
      INSERT INTO messages (chat_id, sender_id, client_id, type, text, offer_price, created_at)
      SELECT allowed.id, p_sender_id[k], p_client_id[k], p_type[k], p_text[k], p_offer_price[k], clock_timestamp()
      FROM allowed
      ON CONFLICT DO NOTHING
      RETURNING id, chat_id, sender_id, offer_price, created_at
    ), meta AS (
      UPDATE chats
      SET last_message = p_last_message[k], last_sender_id = inserted.sender_id, updated_at = inserted.created_at
      FROM inserted
      WHERE chats.id = inserted.chat_id AND chats.updated_at <= inserted.created_at
    ), noted AS (
      INSERT INTO notifications (user_id, type, text, chat_id, item_id, recruitment_post_id, from_user_id, offer_price, created_at)
      SELECT a.recipient_id, p_notice_type[k],
        CASE WHEN p_is_about_appended[k]
          THEN p_notice_text[k] || CASE WHEN a.kind = 'recruitment'
            THEN coalesce(a.recruitment_purpose, 'your post') ELSE a.item_name END
          ELSE p_notice_text[k] END,
        i.chat_id, a.item_id, a.recruitment_post_id, i.sender_id, i.offer_price, i.created_at
      FROM inserted i CROSS JOIN allowed a
      WHERE a.recipient_id IS NOT NULL
      RETURNING id, user_id, type, text, item_id, recruitment_post_id, created_at
    )
    -- The statement's snapshot does not see its own notification: it is added to the counts.
    SELECT k, EXISTS (SELECT 1 FROM chat), EXISTS (SELECT 1 FROM allowed),
      (SELECT a.members::text[] FROM allowed a),
      i.id, i.created_at,
      n.id, n.user_id, n.text, n.item_id, n.recruitment_post_id, n.created_at,
      CASE WHEN n.id IS NULL THEN NULL ELSE
        (SELECT count(*) FROM notifications x WHERE x.user_id = n.user_id AND NOT x.is_read)::int + 1 END,
      CASE WHEN n.id IS NULL THEN NULL ELSE
        (SELECT count(*) FROM notifications x
          WHERE x.user_id = n.user_id AND NOT x.is_read AND x.type = 'message')::int + (n.type = 'message')::int END
    FROM (VALUES (1)) AS one (x) LEFT JOIN inserted i ON true LEFT JOIN noted n ON true;
  END LOOP;
END
$$;
