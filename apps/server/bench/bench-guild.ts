import { type Domain, Permission } from "@chat/domain";

/** A person's guild with a bot of theirs in it that may see, send and read history: what every bench sends and reads as. */
export async function benchGuild(domain: Domain) {
  const owner = await domain.users.createPerson({ username: `bench_${Date.now()}`, passwordHash: "not-a-login" });
  const guild = await domain.guilds.create(owner.id, "Bench");
  const app = await domain.applications.create(owner.id, "Bench bot");
  await domain.members.addBot(
    owner.id,
    guild.id,
    app.application.id,
    Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory,
  );
  return { owner, guild, app };
}
