# A contestant whose "move" is rich markup: the interactor echoes it in its message, which ojpack prints.
print("[/red] [bold [link=file:///etc/passwd]x[/link]", flush=True)
