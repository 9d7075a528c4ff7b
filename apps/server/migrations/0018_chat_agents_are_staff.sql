-- Support chat agents are staff members (0016), not customer accounts.
ALTER TABLE chat_conversations ADD CONSTRAINT chat_conversations_agent_staff_fk FOREIGN KEY (agent_id) REFERENCES staff (id);
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_agent_staff_fk FOREIGN KEY (agent_id) REFERENCES staff (id);
ALTER TABLE chat_agent_presence ADD CONSTRAINT chat_agent_presence_staff_fk FOREIGN KEY (user_id) REFERENCES staff (id);
