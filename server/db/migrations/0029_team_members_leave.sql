-- A member may leave a team: their accepted request becomes 'left' (the spot opens again).
ALTER TABLE "team_requests" DROP CONSTRAINT "team_requests_status_check";
--> statement-breakpoint
ALTER TABLE "team_requests" ADD CONSTRAINT "team_requests_status_check"
  CHECK ("status" IN ('pending', 'accepted', 'declined', 'cancelled', 'removed', 'left'));
