"""command"""
