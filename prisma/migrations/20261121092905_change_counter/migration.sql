-- Change counter (seed 001 §1.3): one global sequence; every insert or update of a tracked row
-- stamps the next value, so "everything newer than counter X" is an indexed range query.
CREATE SEQUENCE IF NOT EXISTS "change_counter_seq" AS BIGINT;

CREATE OR REPLACE FUNCTION "stamp_change_counter"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."changeCounter" := nextval('change_counter_seq');
  RETURN NEW;
END;
$$;

CREATE TRIGGER "AgentTemplate_change_counter" BEFORE INSERT OR UPDATE ON "AgentTemplate"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "TemplateVersion_change_counter" BEFORE INSERT OR UPDATE ON "TemplateVersion"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "Agent_change_counter" BEFORE INSERT OR UPDATE ON "Agent"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "Task_change_counter" BEFORE INSERT OR UPDATE ON "Task"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "WakeRun_change_counter" BEFORE INSERT OR UPDATE ON "WakeRun"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "AgentMessage_change_counter" BEFORE INSERT OR UPDATE ON "AgentMessage"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "AgentReport_change_counter" BEFORE INSERT OR UPDATE ON "AgentReport"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "ChangeSet_change_counter" BEFORE INSERT OR UPDATE ON "ChangeSet"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "ChangeItem_change_counter" BEFORE INSERT OR UPDATE ON "ChangeItem"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
CREATE TRIGGER "ChangeDecision_change_counter" BEFORE INSERT OR UPDATE ON "ChangeDecision"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_counter"();
