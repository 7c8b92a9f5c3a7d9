/** How the calculator reaches its numbers, for a support leader who has to defend a headcount. */
export function StaffingMethod() {
  return (
    <section aria-labelledby="staffing-method-heading" className="mx-auto mt-20 max-w-3xl">
      <h2 id="staffing-method-heading" className="text-3xl font-bold tracking-tight text-charcoal">
        How the calculator works
      </h2>
      <div className="prose mt-6">
        <p>
          Headcount requests fail when they rest on "tickets per agent per day". That ratio hides
          the two things that actually decide how many people you need: customers don't arrive
          evenly, and each channel promises a different speed. This calculator sizes each channel
          with the method workforce planners use for that channel, then adds them up.
        </p>
        <h3>Chat and phone: Erlang C</h3>
        <p>
          Calls and chats arrive at random, so even a team that is idle half the time will sometimes
          have a queue. The Erlang C formula, used by contact centers for a century, gives the
          chance that a customer has to wait when a given number of agents face a given workload. We
          turn your monthly volume into contacts per open hour, multiply by handling time to get the
          workload in erlangs (how many agents would be busy at once if nobody ever waited), and
          then find the smallest team whose service level, the share answered within your target
          time, meets your goal.
        </p>
        <p>
          Chat agents hold several conversations at once, so the chat workload is divided by how
          many chats one agent handles at a time. If the team that meets the target would be busier
          than your occupancy cap, we add agents until it isn't: people who handle contacts back to
          back all day burn out, and their handling time creeps up.
        </p>
        <h3>Email: a workload against your reply target</h3>
        <p>
          Nobody waits on the line for an email, so a queue formula overstates the need. We count
          the hours of work a day brings (emails a day times handling time) and ask whether the team
          can get through it within your first-reply target. Email that arrives overnight is waiting
          at opening time; a 4-hour target means that backlog, plus what lands during those 4 hours,
          must be answered by mid-morning. A target as long as your working day only requires
          keeping up.
        </p>
        <h3>From agents on shift to people on the&nbsp;team</h3>
        <p>
          The channels add up to the agents you need logged in during open hours. If you are open
          longer than one person's 40-hour week, each of those seats takes more than one person:
          open 50 hours a week, 14 agents on shift take 14 × 50 ÷ 40 = 17.5 people's weeks.
          Shrinkage is the paid time people are away from the queue: breaks, one-to-ones, training,
          sick days and holidays. At 30 % shrinkage, 17.5 becomes 17.5 ÷ 0.7 = 25 people. Open 40
          hours or less, 14 agents on shift need 14 ÷ 0.7 = 20 people.
        </p>
        <h3>What it leaves out</h3>
        <p>
          The result is for an average open hour of an average month. Staff your busiest hour by
          entering the volume of a month that looked like it all the time. Erlang C assumes
          customers never hang up or leave a chat; real abandonment makes queues a little shorter,
          so the numbers lean safe. And it treats each channel as its own team: agents who switch
          between email and chat between contacts can do somewhat better.
        </p>
        <p>
          In Harbor Desk, the reports on your shared inbox, Beacon chats and calls give you each
          input here: volume by channel and hour, handling time and first-reply time, so you can
          check the plan against what actually happened each week.
        </p>
      </div>
    </section>
  );
}
