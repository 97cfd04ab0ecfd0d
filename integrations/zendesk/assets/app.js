/* Tandem's Zendesk Support app: the requester's visitors, with presence and a Co-browse button.
 * Every call to Tandem goes through Zendesk's proxy with the secure setting `api_key`: this page never
 * holds the key, Zendesk puts it in the request it forwards. */
(function () {
  "use strict";

  var client = window.ZAFClient.init();
  var statusLine = document.getElementById("status");
  var list = document.getElementById("visitors");

  function say(text) {
    statusLine.textContent = text;
    client.invoke("resize", { width: "100%", height: document.body.scrollHeight + 8 + "px" });
  }

  function tandem(settings, path, options) {
    return client.request(
      Object.assign(
        {
          url: settings.tandem_url.replace(/\/+$/, "") + path,
          headers: { Authorization: "Bearer {{setting.api_key}}" },
          secure: true,
          cors: false,
          type: "GET",
          dataType: "json",
        },
        options || {},
      ),
    );
  }

  /** The person the sidebar is about: the ticket's requester, or the user of the user page. */
  function person(context) {
    var key = context.location === "user_sidebar" ? "user" : "ticket.requester";
    return client.get(key).then(function (data) {
      return data[key] || {};
    });
  }

  /** Visitors matching the person's email or external id (Tandem's search grammar), newest first. */
  function findVisitors(settings, who) {
    var searches = [who.email, who.externalId ? "id:" + who.externalId : null].filter(function (term) {
      return term && /^[^\s"]{1,200}$/.test(term);
    });
    return Promise.all(
      searches.map(function (search) {
        return tandem(settings, "/v1.4/list?max_results=5&search=" + encodeURIComponent(search)).then(function (answer) {
          return answer.visitors || [];
        });
      }),
    ).then(function (lists) {
      var seen = {};
      return [].concat.apply([], lists).filter(function (visitor) {
        if (seen[visitor.short_id]) return false;
        return (seen[visitor.short_id] = true);
      });
    });
  }

  function coBrowse(settings, visitor, agent, button) {
    button.disabled = true;
    button.textContent = "Opening…";
    var body = { agent: { id: "zendesk:" + agent.id, name: agent.name } };
    return tandem(settings, "/v1.4/visitors/" + encodeURIComponent(visitor.short_id) + "/watch_url", {
      type: "POST",
      contentType: "application/json",
      data: JSON.stringify(body),
    })
      .then(function (answer) {
        window.open(answer.watch_url, "_blank", "noopener");
        button.textContent = "Co-browse";
        button.disabled = false;
      })
      .catch(function () {
        button.textContent = "Co-browse";
        button.disabled = false;
        say("Tandem could not start the session: check the app's settings, or try again.");
      });
  }

  function show(settings, visitors, agent) {
    list.textContent = "";
    visitors.forEach(function (visitor) {
      var item = document.createElement("li");
      var label = document.createElement("span");
      var name = document.createElement("span");
      name.className = "name";
      name.textContent = visitor.call_name || visitor.email || visitor.unique_id || "Visitor " + visitor.short_id;
      var presence = document.createElement("span");
      presence.className = "presence" + (visitor.is_online ? " online" : "");
      presence.textContent = visitor.is_online ? "Online" : "Offline";
      label.append(name, presence);
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = "Co-browse";
      button.disabled = !visitor.is_online;
      button.title = visitor.is_online ? "Start a co-browsing session" : "The visitor is not on your site now";
      button.addEventListener("click", function () {
        coBrowse(settings, visitor, agent, button);
      });
      item.append(label, button);
      list.append(item);
    });
    say(visitors.length ? "The requester on your site:" : "No visitor of your site matches this person's email or user id yet.");
  }

  Promise.all([client.metadata(), client.context(), client.get("currentUser")])
    .then(function (results) {
      var settings = results[0].settings;
      var agent = results[2].currentUser;
      return person(results[1]).then(function (who) {
        return findVisitors(settings, who).then(function (visitors) {
          show(settings, visitors, agent);
        });
      });
    })
    .catch(function () {
      say("Tandem could not be reached: check the app's settings (address and secret key).");
    });
})();
